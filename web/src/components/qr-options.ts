import type { QRCodeToStringOptions } from 'qrcode';

/** Level M and the standard 4-module quiet zone: what a phone's camera reads off a screen or a print. */
export const QR_OPTIONS = {
  type: 'svg',
  errorCorrectionLevel: 'M',
  margin: 4,
} as const satisfies QRCodeToStringOptions;
