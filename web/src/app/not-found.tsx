import { MESSAGES } from '../../../shared/messages.ts';

export function NotFound() {
  return (
    <main className="page">
      <p role="alert">{MESSAGES.pageNotFound}</p>
    </main>
  );
}
