import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SIZE_GUIDE_TYPE } from '#shared/constants.ts';
import type { Gender } from '#shared/vocabulary.ts';
import { Loading } from '../../components/page.tsx';
import { Picture } from '../../components/picture.tsx';
import { apiGet } from '../../lib/api.ts';
import type { PublicAnswer } from '../../lib/api-types.ts';
import { UnitToggle } from './unit-toggle.tsx';

type GuidesAnswer = PublicAnswer<'/size-guides-for-product'>;
type GuideEntry = GuidesAnswer['list'][number];

type Unit = 'inches' | 'cm';

/** The figure of a guide entry by its type (000 §3): range, less than, more than, length, value. */
export function guideFigure(entry: GuideEntry, unit: Unit): string {
  const from = unit === 'cm' ? entry.fromCm : entry.fromInches;
  const to = unit === 'cm' ? entry.toCm : entry.toInches;
  const u = unit === 'cm' ? 'cm' : 'in';
  const one = from ?? to;
  switch (entry.type) {
    case SIZE_GUIDE_TYPE.range:
      return `${from ?? '–'} – ${to ?? '–'} ${u}`;
    case SIZE_GUIDE_TYPE.lessThan:
      return `less than ${one} ${u}`;
    case SIZE_GUIDE_TYPE.moreThan:
      return `more than ${one} ${u}`;
    case SIZE_GUIDE_TYPE.lengthNote:
      return `length ${one} ${u}`;
    default:
      return `${one} ${u}`;
  }
}

/** The size guide overlay (000 §2, §4): sizes, then a size's entries in inches or cm. */
export function SizeGuide({ type, gender }: { type: string; gender: Gender }) {
  const [sizeId, setSizeId] = useState<string | undefined>();
  const [unit, setUnit] = useState<Unit>('inches');
  const sizes = useQuery({
    queryKey: ['sizes-by-type', type, gender],
    queryFn: () => apiGet('/sizes-by-type', { tid: type, gender }),
  });
  const list = sizes.data?.list ?? [];

  if (sizes.isPending) return <Loading />;
  if (list.length === 0) {
    return <p className="picking-muted">This piece has no size guide: its dimensions are on its page.</p>;
  }
  return (
    <div className="picking-guide">
      <fieldset className="picking-chips">
        <legend>size</legend>
        {list.map((s) => (
          <button
            key={s.sizeId}
            type="button"
            className="picking-chip"
            aria-pressed={s.sizeId === sizeId}
            onClick={() => setSizeId(s.sizeId)}
          >
            {s.size}
          </button>
        ))}
      </fieldset>
      <UnitToggle
        label="units"
        options={[
          ['inches', 'inches'],
          ['cm', 'cm'],
        ]}
        value={unit}
        onChange={(u) => setUnit(u as Unit)}
      />
      {sizeId ? (
        <Entries sizeId={sizeId} gender={gender} unit={unit} />
      ) : (
        <p className="picking-muted">Choose a size to see its measurements.</p>
      )}
    </div>
  );
}

function Entries({ sizeId, gender, unit }: { sizeId: string; gender: Gender; unit: Unit }) {
  const guides = useQuery({
    queryKey: ['size-guides-for-product', sizeId, gender],
    queryFn: () => apiGet('/size-guides-for-product', { sizeId, gender }),
  });
  if (guides.isPending) return <Loading />;
  const list = guides.data?.list ?? [];
  if (list.length === 0)
    return <p className="picking-muted">No measurements are written for this size yet.</p>;
  return (
    <ul className="picking-entries">
      {list.map((entry) => (
        <Entry key={entry.id} entry={entry} unit={unit} />
      ))}
    </ul>
  );
}

function Entry({ entry, unit }: { entry: GuideEntry; unit: Unit }) {
  const [large, setLarge] = useState(false);
  const image = large && entry.largeImgUrl ? entry.largeImgUrl : entry.imageUrl;
  return (
    <li className="picking-entry">
      {image && (
        <Picture
          className={large ? 'picking-entry-img picking-entry-img-large' : 'picking-entry-img'}
          url={image}
          sizes={large ? '(max-width: 540px) calc(100vw - 2rem), 500px' : '88px'}
          alt={`how to measure: ${entry.name}`}
          width={large ? 500 : 88}
          height={large ? 667 : 88}
        />
      )}
      <div className="picking-entry-text">
        <h3 className="picking-entry-name">{entry.name}</h3>
        <p className="picking-entry-figure" data-testid="guide-figure">
          {guideFigure(entry, unit)}
        </p>
        {entry.description && <p className="picking-entry-note">{entry.description}</p>}
        {entry.largeImgUrl && (
          <button type="button" className="picking-textlink" onClick={() => setLarge(!large)}>
            {large ? 'smaller picture' : 'larger picture'}
          </button>
        )}
      </div>
    </li>
  );
}
