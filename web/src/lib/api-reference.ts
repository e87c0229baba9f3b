import './api-reference.css';
import redocScript from 'virtual:redoc-script';

/**
 * The API reference (issue 48): Redoc's standalone build (redoc, pinned in package.json) renders
 * an OpenAPI document into an element. Its script is emitted to the web bucket's /assets/
 * (web/vite-api-reference.ts, which takes out the one image it would fetch elsewhere) and loaded only by the pages that show a reference (/api/docs, the staff's
 * /admin-api), never by the shop's own pages.
 *
 * Under the shop's Content-Security-Policy (infra/edge/security-headers.ts): the script is the
 * shop's own ('self'); Redoc's styles are inline style elements ('unsafe-inline' for styles, as the
 * app's); it fetches nothing (the document is handed over as an object; its "API docs by Redocly" logo
 * from cdn.redoc.ly is taken out at build time); its search runs in a
 * worker made from a blob: URL, which the policy refuses, so search is off; and its fonts are the
 * system's (Redoc names Montserrat and Roboto without loading them).
 */
interface RedocGlobal {
  init(spec: object, options: Record<string, unknown>, element: HTMLElement, done?: () => void): void;
  destroy(element: HTMLElement): void;
}

declare global {
  interface Window {
    Redoc?: RedocGlobal;
  }
}

let loading: Promise<RedocGlobal> | undefined;

function loadRedoc(): Promise<RedocGlobal> {
  loading ??= new Promise<RedocGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = redocScript;
    script.async = true;
    script.onload = () => (window.Redoc ? resolve(window.Redoc) : reject(new Error('Redoc did not load')));
    script.onerror = () => {
      loading = undefined;
      reject(new Error('the reference could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

const FONTS = 'system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif';

/** Redoc's options: nothing that fetches, no worker, the shop's colours. */
export function redocOptions(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    disableSearch: true,
    hideHostname: true,
    expandResponses: '200',
    jsonSampleExpandLevel: 2,
    sortTagsAlphabetically: true,
    // Colours Redoc's defaults give too little contrast (WCAG AA, 4.5:1): the secondary text, code
    // in descriptions, the responses' titles and the status tabs on the dark samples panel.
    theme: {
      colors: {
        primary: { main: '#1f1f1f' },
        text: { secondary: '#555b5e' },
        // Each status's words on its tinted title (the admin's paper under it too), and its tab.
        responses: {
          success: { color: '#176b20', tabTextColor: '#7ee08a' },
          error: { color: '#9c1f1b', tabTextColor: '#ff9a95' },
          redirect: { color: '#6e4600', tabTextColor: '#ffc46b' },
          info: { color: '#1b5690', tabTextColor: '#8fc7ff' },
        },
      },
      typography: {
        fontFamily: FONTS,
        headings: { fontFamily: FONTS },
        code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', color: '#8a1c1c' },
      },
      sidebar: { backgroundColor: '#f6f4f1' },
      // The headers above schemas ("Response Schema:"): Redoc writes them at half opacity.
      extensionsHook: (name: string) => (name === 'UnderlinedHeader' ? 'color: #555b5e;' : ''),
    },
    ...extra,
  };
}

/** Renders `spec` into `element`; resolves once Redoc has drawn it. */
export async function renderReference(
  spec: object,
  element: HTMLElement,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const redoc = await loadRedoc();
  await new Promise<void>((resolve) => redoc.init(spec, redocOptions(extra), element, resolve));
}

/** Takes a rendered reference out of `element` (a staff screen left). */
export function removeReference(element: HTMLElement): void {
  window.Redoc?.destroy(element);
}
