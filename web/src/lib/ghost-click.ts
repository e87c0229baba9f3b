/**
 * The click a browser makes of a tap, after its touchend: once a control has acted on the tap
 * (components/tap-button.tsx), that click is ignored (000 §4), whatever is under the finger by
 * then (the next step's button, the same choice again).
 */

/** How long after a tap its click may still come (a slow phone's tap-to-click gap, with margin). */
const CLICK_WINDOW_MS = 800;
/** How far from the tap its click may land (a browser adjusts the point to the nearest target). */
const CLICK_SLOP_PX = 30;

let pending: { x: number; y: number; until: number } | undefined;

function swallow(event: MouseEvent): void {
  const tap = pending;
  if (!tap) return;
  pending = undefined;
  document.removeEventListener('click', swallow, true);
  const near =
    Math.abs(event.clientX - tap.x) <= CLICK_SLOP_PX && Math.abs(event.clientY - tap.y) <= CLICK_SLOP_PX;
  if (event.timeStamp > tap.until || !near) return;
  // Captured at the document, before React's listener at the app's root sees it.
  event.preventDefault();
  event.stopPropagation();
}

/** Ignore the next click if it comes within the window at (about) the tap's point. */
export function ignoreClickAfterTouch(x: number, y: number): void {
  pending = { x, y, until: performance.now() + CLICK_WINDOW_MS };
  document.addEventListener('click', swallow, true);
}
