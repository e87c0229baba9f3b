import { Component, type ErrorInfo, type ReactNode } from 'react';

/** 000 §2: the generic fallback screen, "Unexpected Application Error" with status and text. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const status = (error as { status?: number }).status ?? 500;
    const text =
      (error as { statusText?: string; message?: string }).statusText ??
      (error as Error).message ??
      String(error);
    return (
      <main className="page page-center">
        <h1>Unexpected Application Error</h1>
        <p className="app-error-text">
          {status} {text}
        </p>
      </main>
    );
  }
}
