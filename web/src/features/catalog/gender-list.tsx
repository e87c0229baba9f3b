import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Loading } from '../../components/page.tsx';
import { collectionTarget, collectionValues } from '../../lib/collection-link.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { navTarget } from '../../lib/nav-input.ts';
import {
  debounce,
  readNumber,
  SCROLL_RESTORE_DELAY_MS,
  SCROLL_SAVE_DEBOUNCE_MS,
  SESSION_KEYS,
} from '../../lib/scroll.ts';
import {
  type CatalogCollection,
  collectionTitle,
  type ListGender,
  singleProductsQuery,
  typeQuery,
  typesQuery,
} from './api.ts';
import { LIST_GALLERY_SIZES } from './first-screen.ts';
import { Gallery } from './gallery.tsx';
import { parseGallery } from './gallery-text.ts';
import './catalog.css';

/** 000 §4, §9: first batch max(3, ceil(window height / 330)); more past 80 % of the list. */
const ROW_HEIGHT = 330;
const MIN_BATCH = 3;
/** The rows a rendered page shows (a 1,200-pixel-tall screen's first batch). */
const SERVER_ROWS = Math.ceil(1200 / ROW_HEIGHT);
const THRESHOLD = 0.8;

/** How many rows each list rendered last, so a return shows as many again (000 §4). */
const renderedBefore = new Map<ListGender, number>();

function batchSize(): number {
  return Math.max(MIN_BATCH, Math.ceil(window.innerHeight / ROW_HEIGHT));
}

export function WomenList() {
  return <GenderList gender={0} />;
}

export function MenList() {
  return <GenderList gender={1} />;
}

function GenderList({ gender }: { gender: ListGender }) {
  const scrollKey = gender === 0 ? SESSION_KEYS.scrollPositionWomen : SESSION_KEYS.scrollPositionMen;
  const title = gender === 0 ? 'women' : 'men';
  // Failed type-list calls are swallowed (000 §8): the list is simply empty, loading cleared.
  const answer = useQuery(typesQuery(gender));
  // The list is drawn as a background render once the answer is in: on a phone, drawing the
  // first cards and their galleries yields to the browser instead of blocking it (issue 16).
  const data = useDeferredValue(answer.data);
  const isPending = answer.isPending || (answer.data !== undefined && data === undefined);
  const types = data ?? [];
  // Rendered ahead of time (issue 47), the list shows a tall screen's first batch until the
  // browser has hydrated it; then as many rows as this window and this tab's history ask.
  const hydrated = useHydrated();
  const [grown, setCount] = useState<number>();
  const count =
    grown ??
    (hydrated
      ? (() => {
          // The count previously rendered; after a reload, enough rows to reach the saved offset.
          const saved = readNumber(scrollKey) ?? 0;
          const reach = saved > 0 ? Math.ceil((saved + window.innerHeight) / ROW_HEIGHT) : 0;
          return Math.max(batchSize(), renderedBefore.get(gender) ?? reach);
        })()
      : SERVER_ROWS);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = Math.min(count, types.length);

  useEffect(() => {
    if (data && hydrated) renderedBefore.set(gender, shown);
  }, [data, gender, shown, hydrated]);

  // Infinite scroll: append a batch when the viewport passes 80 % of the list.
  useEffect(() => {
    if (!data || !hydrated || shown >= types.length) return;
    const check = () => {
      const list = listRef.current;
      if (!list) return;
      const rect = list.getBoundingClientRect();
      const seen = window.innerHeight - rect.top;
      if (seen >= rect.height * THRESHOLD) setCount(Math.min(types.length, count + batchSize()));
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    check();
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [data, hydrated, count, shown, types.length]);

  // Scroll position saved per page (debounced 100 ms) and restored 50 ms after load.
  useEffect(() => {
    const save = debounce(
      () => sessionStorage.setItem(scrollKey, String(Math.round(window.scrollY))),
      SCROLL_SAVE_DEBOUNCE_MS,
    );
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [scrollKey]);
  const loaded = Boolean(data);
  useEffect(() => {
    if (!loaded) return;
    const saved = readNumber(scrollKey);
    if (!saved) return;
    const timer = setTimeout(
      () => window.scrollTo({ top: saved, behavior: 'instant' }),
      SCROLL_RESTORE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [loaded, scrollKey]);

  return (
    <main className="catalog-page catalog-list-page">
      <h1 className="catalog-title">{title}</h1>
      <p className="catalog-membership">
        <Link to="/world/membership" className="catalog-membership-link">
          <span className="catalog-membership-kicker">membership</span>
          <span>be told of each new release</span>
        </Link>
      </p>
      {isPending && <Loading />}
      {types.length > 0 && (
        <ul className="catalog-grid" ref={listRef} aria-label={`${title}'s collections`}>
          {types.slice(0, shown).map((type, i) => (
            <TypeCard key={type.id} type={type} gender={gender} eager={i === 0} />
          ))}
        </ul>
      )}
      {loaded && shown < types.length && <div className="catalog-more" aria-hidden="true" />}
    </main>
  );
}

function TypeCard({ type, gender, eager }: { type: CatalogCollection; gender: ListGender; eager: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const urls = useMemo(
    () => parseGallery(gender === 0 ? type.womenproductimage : type.menproductimage),
    [gender, type.womenproductimage, type.menproductimage],
  );
  const name = collectionTitle(type);
  const base = { type: type.id, gender, areaAmount: type.areaAmount };
  const single = type.singlecollection;
  // The collection's page at its canonical address (rendered ahead of time): the address a plain
  // link (new tab, no script) follows, and the one a click opens.
  const fallback = collectionTarget(type.id, gender, single);
  const values = collectionValues(type.id, gender);

  const open = async () => {
    if (!single) {
      navigate(fallback, { state: values });
      return;
    }
    // A single-collection type, asked on click only: its one unsold piece for this gender opens
    // directly; several (or none) open /products/singleproducts, which leads to each of them.
    setBusy(true);
    try {
      queryClient.setQueryData(typeQuery(type.id).queryKey, type);
      const products = await queryClient.fetchQuery(singleProductsQuery(type.id, gender));
      const unsold = products.filter((p) => !p.sold && (p.gender === gender || p.gender === 2));
      const only = unsold.length === 1 ? unsold[0] : undefined;
      if (only) {
        const values = { ...base, productId: only.id, singleProduct: true };
        navigate(navTarget('/products/productdetails', values), { state: values });
      } else {
        navigate(fallback, { state: values });
      }
    } catch {
      navigate(fallback, { state: values });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="catalog-card" aria-busy={busy || undefined}>
      <Gallery
        urls={urls}
        alt={name}
        label={`${name}, pictures`}
        pager="bullets"
        onOpen={() => void open()}
        eager={eager}
        sizes={LIST_GALLERY_SIZES}
      />
      <Link
        className="catalog-card-link"
        to={fallback}
        state={values}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          void open();
        }}
      >
        {name}
      </Link>
    </li>
  );
}
