/**
 * A provider's error answer: its HTTP status and body as the provider writes it. Each stand-in
 * has its own subclass, so one never answers with the other's error shape.
 */
export class ProviderApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}
