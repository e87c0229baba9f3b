import { type ComponentProps, lazy, Suspense } from 'react';

const Encoder = lazy(() => import('./qr-code.tsx').then((m) => ({ default: m.QrCode })));

/** The QR code in its own chunk, with a square of its size while the encoder loads. */
export function LazyQrCode(props: ComponentProps<typeof Encoder>) {
  return (
    <Suspense fallback={<div className={props.className ?? 'qr-code'} aria-hidden="true" />}>
      <Encoder {...props} />
    </Suspense>
  );
}
