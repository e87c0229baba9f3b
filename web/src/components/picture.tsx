import {
  type ImgHTMLAttributes,
  type SyntheticEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { mediaSrc, mediaSrcSet, type SignedPictureSet } from '#shared/media.ts';
import { holdOtherPictures } from '../lib/first-picture.ts';

/** A set missing in the admin is looked for again this often, this many times (5 minutes). */
const SET_RETRY_MS = 5000;
const SET_RETRIES = 60;

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'loading' | 'alt'>;

/**
 * A stored picture as the browser should fetch it: its responsive set (AVIF, then WebP, then
 * JPEG, every width of the ladder, shared/media.ts) with `sizes` saying how wide it is drawn,
 * so a phone downloads a small variant. `priority` marks the page's first picture (the LCP
 * element): fetched at once with high priority; every other picture loads lazily.
 *
 * A set is made a few seconds after an upload (functions/media/): until it exists, or for a url
 * without a set (an SVG, an outside address), the stored file itself is shown.
 */
export function Picture({
  url,
  src,
  alt,
  sizes,
  priority = false,
  processingNote = false,
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
  /**
   * For staff (the admin's previews): while the set is missing, say "processing" beside the
   * stored file and look for the set again every few seconds.
   */
  processingNote?: boolean;
}) {
  const [setMissing, setSetMissing] = useState(false);
  const tries = useRef(0);
  useEffect(() => {
    if (!setMissing || !processingNote || tries.current >= SET_RETRIES) return;
    const timer = setTimeout(() => {
      tries.current += 1;
      setSetMissing(false);
    }, SET_RETRY_MS);
    return () => clearTimeout(timer);
  }, [setMissing, processingNote]);
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
  // What both the set and the stored file's <img> carry.
  const common = {
    ...img,
    ref: element,
    src: src ?? mediaSrc(url),
    loading: priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
    onLoad: (event: SyntheticEvent<HTMLImageElement>) => {
      settle();
      img.onLoad?.(event);
    },
  };
  if (!jpeg || setMissing) {
    const stored = (
      <img
        {...common}
        alt={alt}
        decoding="async"
        onError={(event) => {
          settle();
          img.onError?.(event);
        }}
      />
    );
    if (!(jpeg && processingNote)) return stored;
    return (
      <span className="picture-processing">
        {stored}
        <span role="status">processing</span>
      </span>
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      <img
        {...common}
        alt={alt}
        srcSet={jpeg}
        sizes={sizes}
        decoding={priority ? 'auto' : 'async'}
        onError={(event) => {
          setSetMissing(true);
          img.onError?.(event);
        }}
      />
    </picture>
  );
}
