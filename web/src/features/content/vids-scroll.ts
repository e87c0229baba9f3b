import { useEffect } from 'react';
import { readCookie, writeCookie } from '../../lib/cookie-store.ts';
import {
  debounce,
  SCROLL_POSITION_VIDS,
  SCROLL_RESTORE_DELAY_MS,
  SCROLL_SAVE_DEBOUNCE_MS,
} from '../../lib/scroll.ts';

/**
 * The /allvideos list keeps its scroll offset in the `scrollPositionVids` cookie (000 §3, path
 * /): written 100 ms after scrolling stops, and the list comes back to it 50 ms after it has
 * loaded, as the women's and men's lists do with theirs.
 */
export function useVidsScroll(loaded: boolean): void {
  useEffect(() => {
    // The offset is taken as the list scrolls: a save still due after a tap on a film is the list's.
    const save = debounce(
      (top: number) => writeCookie(SCROLL_POSITION_VIDS, String(top)),
      SCROLL_SAVE_DEBOUNCE_MS,
    );
    const onScroll = () => save(Math.round(window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    if (!loaded) return;
    const saved = Number(readCookie(SCROLL_POSITION_VIDS));
    if (!Number.isFinite(saved) || saved <= 0) return;
    const timer = setTimeout(
      () => window.scrollTo({ top: saved, behavior: 'instant' }),
      SCROLL_RESTORE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [loaded]);
}
