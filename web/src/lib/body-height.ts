/**
 * 000 §4: "on some mobile agents the body minimum height is pinned to its current height".
 * The agents are the phones' and tablets' (iOS and iPadOS, where every browser is Safari's
 * WebKit, and Android): there the stylesheet's `min-height: 100vh` is the height with the
 * browser's bars hidden, taller than the screen the page opens on, and the visible height
 * changes as the bars slide and the keyboard opens. The body's minimum height is pinned, in
 * pixels, to the height the page is shown at now, and kept while only the height changes; a
 * turn of the device (a new width) pins it again.
 */

/** iPhone, iPod, iPad, Android; an iPad on iPadOS says "Macintosh" but has a touch screen. */
export function needsPinnedHeight(userAgent: string, maxTouchPoints: number): boolean {
  return (
    /\b(iPhone|iPod|iPad|Android)\b/.test(userAgent) ||
    (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
  );
}

export function pinBodyHeight(): void {
  if (!needsPinnedHeight(navigator.userAgent, navigator.maxTouchPoints)) return;
  let width = 0;
  const pin = () => {
    if (window.innerWidth === width) return;
    width = window.innerWidth;
    document.body.style.minHeight = `${window.innerHeight}px`;
  };
  pin();
  window.addEventListener('resize', pin);
}
