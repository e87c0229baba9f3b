import { useEffect, useRef, useState } from 'react';
import { A11y, Keyboard, Pagination, Zoom } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Picture } from '../../components/picture.tsx';
import { useOtherPicturesMayLoad } from '../../lib/first-picture.ts';
import { GALLERY_SIZES } from './first-screen.ts';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/pagination';
import 'swiper/css/zoom';
import './catalog.css';

/** 000 §9: zoom max ratio 3, slide gap 16, images zoomed above 1.01 do not navigate. */
export const ZOOM_MAX_RATIO = 3;
export const SLIDE_GAP = 16;
export const ZOOM_NAV_THRESHOLD = 1.01;
/** Pictures are drawn 4 : 5 (portrait); the page shows them between 300 and 500 px wide. */
const IMG_WIDTH = 500;
const IMG_HEIGHT = 625;

/**
 * A swipeable picture gallery with pinch (and double-tap) zoom. `onOpen` runs on a tap that is
 * not a swipe and not on a zoomed picture (000 §2); keyboard users follow the link under it.
 */
export function Gallery({
  urls,
  alt,
  label,
  pager,
  onOpen,
  className,
  eager,
  sizes = GALLERY_SIZES,
}: {
  urls: string[];
  /** Text alternative of each picture; the index is appended when there are several. */
  alt: string;
  /** Accessible name of the carousel. */
  label: string;
  /** A "1 / 3" fraction pager, or quiet dots; none by default. */
  pager?: 'fraction' | 'bullets';
  onOpen?: () => void;
  className?: string;
  /** Load the first picture at once (it is above the fold). */
  eager?: boolean;
  /** How wide the gallery is drawn (the pictures' `sizes`). */
  sizes?: string;
}) {
  const scale = useRef(1);
  const box = useRef<HTMLElement>(null);
  const active = useOnceVisible(box, Boolean(eager));
  // Every picture but the page's first waits for it (lib/first-picture.ts), in a box of its size.
  const othersMayLoad = useOtherPicturesMayLoad();
  if (urls.length === 0) {
    return (
      <div className={`catalog-gallery catalog-gallery-empty ${className ?? ''}`}>
        <span>{alt}</span>
      </div>
    );
  }
  const slide = (url: string, i: number) =>
    (eager && i === 0) || othersMayLoad ? (
      <Picture
        url={url}
        sizes={sizes}
        priority={eager && i === 0}
        alt={urls.length > 1 ? `${alt}, picture ${i + 1} of ${urls.length}` : alt}
        width={IMG_WIDTH}
        height={IMG_HEIGHT}
        draggable={false}
      />
    ) : (
      <span className="catalog-gallery-waiting">
        {/* Without JavaScript (a crawler, a reader's mode) the picture comes now, lazily. */}
        <noscript>
          <Picture
            url={url}
            sizes={sizes}
            alt={urls.length > 1 ? `${alt}, picture ${i + 1} of ${urls.length}` : alt}
            width={IMG_WIDTH}
            height={IMG_HEIGHT}
            draggable={false}
          />
        </noscript>
      </span>
    );
  return (
    <section
      ref={box}
      className={`catalog-gallery ${className ?? ''}`}
      aria-label={label}
      aria-roledescription="carousel"
    >
      {active ? (
        <Swiper
          modules={[Zoom, Pagination, A11y, Keyboard]}
          slidesPerView={1}
          spaceBetween={SLIDE_GAP}
          zoom={{ maxRatio: ZOOM_MAX_RATIO }}
          keyboard={{ enabled: true, onlyInViewport: true }}
          a11y={{ enabled: true, containerRole: 'region', slideRole: 'group' }}
          {...(pager && urls.length > 1 ? { pagination: { type: pager } } : {})}
          onZoomChange={(_swiper, value) => {
            scale.current = value;
          }}
          onClick={() => {
            if (scale.current > ZOOM_NAV_THRESHOLD) return;
            onOpen?.();
          }}
        >
          {urls.map((url, i) => (
            <SwiperSlide key={url} zoom>
              {slide(url, i)}
            </SwiperSlide>
          ))}
        </Swiper>
      ) : (
        // Swiper's own markup around the first picture until the gallery comes into view, so
        // nothing moves when Swiper takes over.
        // biome-ignore lint/a11y/noStaticElementInteractions: keyboard users follow the link under the gallery (000 §2), as with Swiper
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above
        <div className="swiper" onClick={onOpen}>
          <div className="swiper-wrapper">
            <div className="swiper-slide">
              <div className="swiper-zoom-container">{slide(urls[0] as string, 0)}</div>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * True from the first moment the element is on screen (or at once for `now`): a gallery below
 * the fold starts Swiper (its measuring and its listeners, tens of milliseconds on a phone) only
 * when the shopper scrolls to it.
 */
function useOnceVisible(element: { current: HTMLElement | null }, now: boolean): boolean {
  const [visible, setVisible] = useState(now);
  useEffect(() => {
    const target = element.current;
    if (visible || !target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, visible]);
  return visible;
}
