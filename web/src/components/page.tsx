import type { ReactNode } from 'react';
import { BackButton } from './back-button.tsx';

/** An information page: a title, its text and a Back button. */
export function Page({
  title,
  children,
  back,
}: {
  title?: string;
  children: ReactNode;
  back?: string | false;
}) {
  return (
    <main className="page">
      {back !== false && <BackButton {...(back ? { to: back } : {})} />}
      {title && <h1>{title}</h1>}
      {children}
    </main>
  );
}

export function Loading() {
  return (
    <p className="loading" role="status">
      loading...
    </p>
  );
}
