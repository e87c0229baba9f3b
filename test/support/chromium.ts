/**
 * Debian's Chromium, headless, as root, on a machine with no internet: no sandbox, no GPU, and
 * none of the background connections that this closed network would refuse. Shared by the
 * browser tests and the bench's Lighthouse runs.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
