import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { QR_OPTIONS } from './qr-options.ts';

/**
 * A QR code of `text` as SVG (the `qrcode` package draws it). Load it with `LazyQrCode` (its own
 * chunk): only a screen that shows a code pays for the encoder.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    void qrSvg(text, QR_OPTIONS).then((drawn) => {
      if (live) setSvg(drawn);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div
      className={className ?? 'qr-code'}
      role="img"
      aria-label={label}
      // The encoder's own SVG: paths only, from a string the shop made.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is the qrcode package's, of our text
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
