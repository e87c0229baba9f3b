/**
 * Webhook delivery shared by the Stripe and PayPal halves of the emulator: events are recorded,
 * sent one after another in the order they happened, retried with backoff on failure (bounded),
 * and can be paused (a lost webhook), redelivered (a duplicate) or sent in a chosen order
 * (reordered webhooks).
 */

export type DeliveryState =
  | 'pending'
  | 'sending'
  | 'delivered'
  | 'retrying'
  | 'failed'
  | 'dropped'
  | 'skipped';

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  /** HTTP status of the answer, 0 when the request itself failed. */
  status: number;
  ok: boolean;
  error?: string;
  /** True for sends asked for through redeliver / deliver. */
  manual: boolean;
}

export interface RecordedEvent<E> {
  id: string;
  type: string;
  event: E;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
}

/** What tests (and the `/__emulator/...` HTTP routes) can do with one provider's webhooks. */
export interface WebhookControl<E> {
  /** Every event so far, oldest first, with its delivery attempts. */
  events(): RecordedEvent<E>[];
  event(id: string): RecordedEvent<E> | undefined;
  /** Sends an event again now (same id, fresh signature), whatever its state. */
  redeliver(id: string): Promise<DeliveryAttempt>;
  /** Sends the given events now, one after the other, in this order (taken off the paused queue). */
  deliver(ids: string[]): Promise<DeliveryAttempt[]>;
  /** Holds new events (and due retries) back: nothing is sent until resume(). */
  pause(): void;
  /** Sends what was held back, in order; with drop the held events are dropped for good instead. */
  resume(options?: { drop?: boolean }): Promise<void>;
  paused(): boolean;
  /**
   * Holds back only the events whose JSON contains `match` (e.g. a checkout code): a pause scoped
   * to one test's payments, so tests running beside it keep their webhooks. Held events wait
   * until deliver() takes them or release() lets them go; a global resume() does not send them.
   */
  hold(match: string): void;
  /** Ends a scoped hold: what it held is sent in order (or dropped for good with drop). */
  release(match: string, options?: { drop?: boolean }): Promise<void>;
  /** Resolves once nothing is being sent or waiting for a retry (held events do not count). */
  idle(): Promise<void>;
  /** Changes the URL events are POSTed to (undefined: record only). */
  setUrl(url: string | undefined): void;
  url(): string | undefined;
}

export interface OutboxOptions<E> {
  url: string | undefined;
  /** Waits before the 2nd, 3rd … attempt; its length bounds the retries. */
  retryDelaysMs: number[];
  /** Serialises and signs one send: the body and the headers to POST. */
  prepare(event: E): { body: string; headers: Record<string, string> };
  /** Events of other types are recorded but not sent (like an endpoint's enabled events). */
  shouldSend?(type: string): boolean;
  timeoutMs?: number;
}

export class Outbox<E> implements WebhookControl<E> {
  private readonly recorded = new Map<string, RecordedEvent<E>>();
  private readonly held: string[] = [];
  /** Scoped holds: match → the ids of the events it holds back, oldest first. */
  private readonly scoped = new Map<string, string[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private chain: Promise<unknown> = Promise.resolve();
  private isPaused = false;
  private stopped = false;
  private target: string | undefined;
  private readonly options: OutboxOptions<E>;

  constructor(options: OutboxOptions<E>) {
    this.options = options;
    this.target = options.url;
  }

  /** The recorded events, for the stand-in's saved state (restored ones are not sent again). */
  recordedEvents(): Map<string, unknown> {
    return this.recorded as Map<string, unknown>;
  }

  /** Records an event and sends it after those before it (unless paused). */
  add(id: string, type: string, event: E): void {
    const sendable = this.options.shouldSend?.(type) ?? true;
    const record: RecordedEvent<E> = { id, type, event, state: 'pending', attempts: [] };
    this.recorded.set(id, record);
    if (!sendable || !this.target) {
      record.state = 'skipped';
      return;
    }
    const holding = this.scopedHoldFor(event);
    if (holding) {
      holding.push(id);
      return;
    }
    if (this.isPaused) {
      this.held.push(id);
      return;
    }
    this.enqueue(record, 1);
  }

  events(): RecordedEvent<E>[] {
    return [...this.recorded.values()];
  }

  event(id: string): RecordedEvent<E> | undefined {
    return this.recorded.get(id);
  }

  async redeliver(id: string): Promise<DeliveryAttempt> {
    const record = this.require(id);
    return this.track(this.attempt(record, record.attempts.length + 1, true));
  }

  async deliver(ids: string[]): Promise<DeliveryAttempt[]> {
    const records = ids.map((id) => this.require(id));
    for (const id of ids) {
      for (const queue of [this.held, ...this.scoped.values()]) {
        const index = queue.indexOf(id);
        if (index >= 0) queue.splice(index, 1);
      }
    }
    const results: DeliveryAttempt[] = [];
    for (const record of records) {
      results.push(await this.track(this.attempt(record, record.attempts.length + 1, true)));
    }
    return results;
  }

  pause(): void {
    this.isPaused = true;
  }

  async resume(options: { drop?: boolean } = {}): Promise<void> {
    this.isPaused = false;
    const held = this.held.splice(0);
    for (const id of held) {
      const record = this.recorded.get(id);
      if (!record) continue;
      if (options.drop) record.state = 'dropped';
      else this.enqueue(record, record.attempts.length + 1);
    }
    await this.chain;
  }

  paused(): boolean {
    return this.isPaused;
  }

  hold(match: string): void {
    if (!match) throw new Error('a scoped hold needs a non-empty match');
    if (!this.scoped.has(match)) this.scoped.set(match, []);
  }

  async release(match: string, options: { drop?: boolean } = {}): Promise<void> {
    const held = this.scoped.get(match) ?? [];
    this.scoped.delete(match);
    for (const id of held) {
      const record = this.recorded.get(id);
      if (!record) continue;
      if (options.drop) record.state = 'dropped';
      else this.enqueue(record, record.attempts.length + 1);
    }
    await this.chain;
  }

  private scopedHoldFor(event: E): string[] | undefined {
    if (this.scoped.size === 0) return undefined;
    const text = JSON.stringify(event);
    for (const [match, queue] of this.scoped) if (text.includes(match)) return queue;
    return undefined;
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0) {
      await Promise.allSettled([...this.inFlight]);
      if (this.timers.size > 0) await new Promise((r) => setTimeout(r, 20));
    }
  }

  setUrl(url: string | undefined): void {
    this.target = url;
  }

  url(): string | undefined {
    return this.target;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private require(id: string): RecordedEvent<E> {
    const record = this.recorded.get(id);
    if (!record) throw new UnknownEventError(id);
    return record;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** First attempts go out one after another, in the order the events happened. */
  private enqueue(record: RecordedEvent<E>, attempt: number): void {
    record.state = 'pending';
    const next = this.chain.then(() => this.automatic(record, attempt));
    this.chain = this.track(next).catch(() => undefined);
  }

  private async automatic(record: RecordedEvent<E>, attempt: number): Promise<void> {
    if (this.stopped) return;
    if (this.isPaused) {
      this.held.push(record.id);
      record.state = 'pending';
      return;
    }
    const result = await this.attempt(record, attempt, false);
    if (result.ok || this.stopped) return;
    const retryNumber = record.attempts.filter((a) => !a.manual).length;
    const delay = this.options.retryDelaysMs[retryNumber - 1];
    if (delay === undefined) {
      record.state = 'failed';
      return;
    }
    record.state = 'retrying';
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped) return;
      if (this.isPaused) {
        this.held.push(record.id);
        return;
      }
      void this.track(this.automatic(record, record.attempts.length + 1));
    }, delay);
    this.timers.add(timer);
  }

  private async attempt(
    record: RecordedEvent<E>,
    attempt: number,
    manual: boolean,
  ): Promise<DeliveryAttempt> {
    const at = new Date().toISOString();
    const target = this.target;
    if (!target) {
      const result = { attempt, at, status: 0, ok: false, error: 'no webhook URL configured', manual };
      record.attempts.push(result);
      return result;
    }
    record.state = 'sending';
    const { body, headers } = this.options.prepare(record.event);
    let result: DeliveryAttempt;
    try {
      const answer = await fetch(target, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      await answer.arrayBuffer().catch(() => undefined);
      const ok = answer.status >= 200 && answer.status < 300;
      result = { attempt, at, status: answer.status, ok, manual };
    } catch (error) {
      result = { attempt, at, status: 0, ok: false, error: (error as Error).message, manual };
    }
    record.attempts.push(result);
    // Automatic failures are settled by automatic() (retrying or failed).
    if (result.ok || record.attempts.some((a) => a.ok)) record.state = 'delivered';
    else if (manual) record.state = 'failed';
    return result;
  }
}

/** The webhook controls of an outbox as a plain object, for an emulator's control API. */
export function webhookControl<E>(outbox: Outbox<E>): WebhookControl<E> {
  return {
    events: () => outbox.events(),
    event: (id) => outbox.event(id),
    redeliver: (id) => outbox.redeliver(id),
    deliver: (ids) => outbox.deliver(ids),
    pause: () => outbox.pause(),
    hold: (match) => outbox.hold(match),
    release: (match, options) => outbox.release(match, options),
    resume: (options) => outbox.resume(options),
    paused: () => outbox.paused(),
    idle: () => outbox.idle(),
    setUrl: (url) => outbox.setUrl(url),
    url: () => outbox.url(),
  };
}

export class UnknownEventError extends Error {
  readonly eventId: string;
  constructor(eventId: string) {
    super(`no such event: ${eventId}`);
    this.eventId = eventId;
  }
}
