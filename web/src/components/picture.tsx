import {
  type ImgHTMLAttributes,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { mediaSrc, mediaSrcSet, type SignedPictureSet } from '#shared/media.ts';
import { holdOtherPictures } from '../lib/first-picture.ts';

/** A set that failed to load is looked for again this often, this many times (5 minutes). */
const SET_RETRY_MS = 5000;
const SET_RETRIES = 60;

/**
 * What stands in a picture's box while there is nothing to show yet: a flat, neutral fill with
 * no size of its own (web/public), so the box keeps the size its `width`, `height` and class give.
 */
export const PICTURE_PLACEHOLDER = '/picture-waiting.svg';

/**
 * What the page knows of a picture's set, when it has asked the server (the admin does, for
 * every picture it shows: features/admin/kit/admin-picture.tsx):
 * - `asking`: not known yet: the empty box;
 * - `processing`: being made: the stored file, said to be "processing";
 * - `not-stored`: being made, and the picture itself not stored yet either: the empty box, "processing";
 * - `ready`: made: the set;
 * - `unknown`: the server could not say: the stored file.
 * A page that does not ask (the storefront) tries the set at once, and waits for a missing one
 * in its box.
 */
export type PictureSetState = 'asking' | 'processing' | 'not-stored' | 'ready' | 'unknown';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'loading' | 'alt'>;

/** Whether a picture is drawn from a responsive set (else from its stored file alone). */
export function hasResponsiveSet(url: string, signedSet?: SignedPictureSet): boolean {
  return Boolean(signedSet?.jpg ?? mediaSrcSet(url, 'jpg'));
}

/**
 * A stored picture as the browser should fetch it: its responsive set (AVIF, then WebP, then
 * JPEG, every width of the ladder, shared/media.ts) with `sizes` saying how wide it is drawn,
 * so a phone downloads a small variant. `priority` marks the page's first picture (the LCP
 * element): fetched at once with high priority; every other picture loads lazily.
 *
 * A set is made a few seconds after an upload (functions/media/), and the demo catalogue's may
 * be made after the shop has started: when the set does not load, the picture's box shows a
 * calm placeholder of the same size (`data-picture="waiting"`, never a broken image) and the
 * variant that failed is asked for again every 5 s; the set is drawn once it loads, and after
 * 5 minutes the stored file is shown instead. For a url without a set (an SVG, an outside
 * address), the stored file itself is shown.
 */
export function Picture({
  url,
  src,
  alt,
  sizes,
  priority = false,
  setState,
  signedSet,
  ...img
}: ImgProps & {
  /** The text alternative; empty for a picture that only decorates. */
  alt: string;
  /** The stored url (`s3/…` or an absolute address). */
  url: string;
  /** What to load when the url has no public set (a private picture's signed link). */
  src?: string;
  /** A private picture's set of signed links (the server's `srcset`), instead of its public one. */
  signedSet?: SignedPictureSet | undefined;
  /** How wide the picture is drawn, as the `sizes` attribute says it (`(max-width: 600px) 100vw, 500px`). */
  sizes: string;
  priority?: boolean;
  /** What the page learned of the set from the server (see PictureSetState); none on the storefront. */
  setState?: PictureSetState | undefined;
}) {
  const element = useRef<HTMLImageElement>(null);
  const release = useRef<() => void>(() => undefined);
  // The first picture holds the others back until it has loaded (lib/first-picture.ts).
  useLayoutEffect(() => {
    if (!priority) return;
    const done = holdOtherPictures();
    release.current = done;
    if (element.current?.complete) requestAnimationFrame(() => setTimeout(done, 0));
    return done;
  }, [priority]);
  // Released once the first picture has been painted (the frame after its load), so the
  // others start after the page's largest paint rather than racing it.
  const settle = () => requestAnimationFrame(() => setTimeout(() => release.current(), 0));
  const jpeg = signedSet?.jpg ?? mediaSrcSet(url, 'jpg');
  const avif = signedSet?.avif ?? mediaSrcSet(url, 'avif');
  const webp = signedSet?.webp ?? mediaSrcSet(url, 'webp');
  const missing = useMissingSet(url);

  const { onLoad, onError, ...box } = img;
  const stored = (
    <img
      {...img}
      ref={element}
      src={src ?? mediaSrc(url)}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onLoad={(event) => {
        settle();
        onLoad?.(event);
      }}
      onError={(event) => {
        settle();
        onError?.(event);
      }}
    />
  );
  // The same box (class, width, height), holding a neutral fill: nothing broken, nothing moves.
  const placeholder = (state: 'asking' | 'waiting') => (
    <img {...box} ref={element} src={PICTURE_PLACEHOLDER} alt={alt} decoding="async" data-picture={state} />
  );
  const processing = (shown: ReactNode) => (
    <span className="picture-processing">
      {shown}
      <span role="status">processing</span>
    </span>
  );

  if (!jpeg || setState === 'unknown') return stored;
  // Each state its own <picture> (a key each): taking the sources out of the set's <picture>
  // around its <img> would make the browser fetch that img's JPEG before it goes.
  if (setState === 'asking') return <picture key="asking">{placeholder('asking')}</picture>;
  if (setState === 'processing') return processing(stored);
  if (setState === 'not-stored') return processing(placeholder('waiting'));
  if (missing.phase === 'stored') return stored;
  if (missing.phase === 'waiting') return <picture key="waiting">{placeholder('waiting')}</picture>;
  return (
    <picture key="set">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      <img
        {...img}
        ref={element}
        src={src ?? mediaSrc(url)}
        alt={alt}
        srcSet={jpeg}
        sizes={sizes}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? 'auto' : 'async'}
        onLoad={(event: SyntheticEvent<HTMLImageElement>) => {
          settle();
          onLoad?.(event);
        }}
        onError={(event) => {
          // A first picture that cannot be drawn must not hold the others back.
          settle();
          // The variant the browser chose, asked for again until it is there.
          missing.failed(event.currentTarget.currentSrc || firstCandidate(jpeg));
          onError?.(event);
        }}
      />
    </picture>
  );
}

const firstCandidate = (srcset: string) => srcset.split(/\s/, 1)[0] ?? '';

type Phase = 'set' | 'waiting' | 'stored';

/**
 * A set that failed to load: in its box a placeholder (`waiting`) while the variant that failed
 * is asked for again every SET_RETRY_MS with an image of its own (the page's picture is drawn
 * again only once it loads, from the cache); `stored` after SET_RETRIES tries.
 */
function useMissingSet(url: string): { phase: Phase; failed: (variant: string) => void } {
  const [state, setState] = useState({ url, phase: 'set' as Phase, variant: '', tries: 0 });
  const current = state.url === url;
  const phase: Phase = current ? state.phase : 'set';
  const { variant, tries } = state;
  // Runs again after each failed try (`tries`), each time waiting SET_RETRY_MS.
  useEffect(() => {
    if (phase !== 'waiting' || tries >= SET_RETRIES) return;
    let probe: HTMLImageElement | undefined;
    const timer = setTimeout(() => {
      probe = new Image();
      probe.onload = () => setState((s) => (s.url === url ? { ...s, phase: 'set' } : s));
      probe.onerror = () =>
        setState((s) =>
          s.url === url
            ? { ...s, tries: s.tries + 1, phase: s.tries + 1 >= SET_RETRIES ? 'stored' : 'waiting' }
            : s,
        );
      probe.src = variant;
    }, SET_RETRY_MS);
    return () => {
      clearTimeout(timer);
      if (probe) {
        probe.onload = null;
        probe.onerror = null;
      }
    };
  }, [phase, variant, tries, url]);
  return {
    phase,
    failed: (failedVariant) =>
      setState((s) => {
        const tried = s.url === url ? s.tries : 0;
        return {
          url,
          variant: failedVariant,
          tries: tried,
          phase: tried >= SET_RETRIES ? 'stored' : 'waiting',
        };
      }),
  };
}
