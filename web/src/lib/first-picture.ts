import { startTransition, useEffect, useState } from 'react';

/**
 * A page's first picture (its largest paint) is fetched on its own: the gallery pictures that
 * are not first wait until it has loaded, failed or had 3 s, so on a phone's slow network they
 * do not share its bandwidth (issue 16: first paint).
 */
const HOLD_LIMIT_MS = 3000;

let holds = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the first picture as it mounts; the returned release may be called many times. */
export function holdOtherPictures(): () => void {
  holds += 1;
  let released = false;
  const timer = setTimeout(() => release(), HOLD_LIMIT_MS);
  function release() {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holds -= 1;
    for (const listener of listeners) listener();
  }
  return release;
}

/**
 * Whether a picture that is not first may load now; once true, it stays true. False on the
 * first render, so a first picture mounting in the same commit is counted before the others
 * start. The change is rendered as a transition: drawing many galleries' pictures yields to the
 * browser instead of blocking a phone's main thread.
 */
export function useOtherPicturesMayLoad(): boolean {
  const [mayLoad, setMayLoad] = useState(false);
  useEffect(() => {
    if (mayLoad) return;
    const check = () => {
      if (holds === 0) startTransition(() => setMayLoad(true));
    };
    check();
    return subscribe(check);
  }, [mayLoad]);
  return mayLoad;
}
