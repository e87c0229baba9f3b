import { MESSAGES } from '#shared/messages.ts';

/** 000 §2: unmatched routes and render failures. */
export function NotFound() {
  return (
    <main className="page page-center">
      <p role="alert" className="notice">
        {MESSAGES.pageNotFound}
      </p>
    </main>
  );
}
