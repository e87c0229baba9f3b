import { APP_SCRIPTS_ID, type AppScripts } from '#shared/pages/rendered-page.ts';

/**
 * A page rendered ahead of time (issue 47) is whole without the app: its first screen and its
 * photograph are in the HTML. Its scripts are asked for only once that screen is painted, so on a
 * phone's slow link the photograph has the link to itself, then the app starts and hydrates.
 */
export function startAppAfterFirstPaint(routeScripts: readonly string[]): void {
  const text = document.getElementById(APP_SCRIPTS_ID)?.textContent;
  if (!text) return;
  const scripts = JSON.parse(text) as AppScripts;
  void firstScreenPainted().then(() => {
    for (const href of [...scripts.preload, ...routeScripts]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = scripts.entry;
    document.head.append(entry);
  });
}

const parsed = () =>
  document.readyState === 'loading'
    ? new Promise<void>((done) => document.addEventListener('DOMContentLoaded', () => done(), { once: true }))
    : Promise.resolve();

/** The first screen's photograph (the one asked at high priority) loaded and decoded, or failed. */
async function photographReady(): Promise<void> {
  const photograph = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!photograph) return;
  if (!photograph.complete)
    await new Promise<void>((done) => {
      photograph.addEventListener('load', () => done(), { once: true });
      photograph.addEventListener('error', () => done(), { once: true });
    });
  await photograph.decode().catch(() => undefined);
}

/**
 * After the frame showing what is there now has been painted: a frame callback runs before its
 * frame is painted, so the one after it runs once that frame is out. At once in a tab not shown,
 * which paints no frame.
 */
const nextPaint = () =>
  document.visibilityState === 'hidden'
    ? Promise.resolve()
    : new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));

async function firstScreenPainted(): Promise<void> {
  await parsed();
  await photographReady();
  await nextPaint();
}
