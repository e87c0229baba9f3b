import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { toneOf } from '#shared/brand-colors.ts';
import { colourAreaNames } from '#shared/colour-areas.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Gender } from '#shared/vocabulary.ts';
import { BackButton } from '../../components/back-button.tsx';
import { Loading } from '../../components/page.tsx';
import { apiGet } from '../../lib/api.ts';
import { genderOf, navTarget, useNavValues } from '../../lib/nav-input.ts';
import { typeQuery } from '../catalog/api.ts';
import { hasSize } from './support.ts';
import './picking.css';

/** Why a struck-through colour cannot be chosen, in words a screen reader reads too. */
function soldReason(color: string, size: string | undefined): string {
  return `sold: no piece left in ${color}${size ? ` in size ${size}` : ''} for the colours chosen so far`;
}

/**
 * /products/shopproduct (000 §2, §4): one step per colour area, "Pick Color (n of areaAmount)".
 * Only colours the server reports as available may be chosen (000 §5); the others are struck
 * through. After the last area the piece is looked up by its colours and its page opens.
 */
export function ColorPicker() {
  const values = useNavValues();
  const type = values.type;
  const gender = genderOf(values.gender);
  const areaAmount = Number(values.areaAmount);
  if (!type || gender === undefined || !Number.isInteger(areaAmount) || areaAmount < 1) {
    return <Navigate to="/" replace />;
  }
  return (
    <Picker
      type={type}
      gender={gender}
      areaAmount={areaAmount}
      size={hasSize(values.size) ? values.size : undefined}
    />
  );
}

function Picker({
  type,
  gender,
  areaAmount,
  size,
}: {
  type: string;
  gender: Gender;
  areaAmount: number;
  size: string | undefined;
}) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string[]>([]);
  const [looking, setLooking] = useState(false);
  const [failed, setFailed] = useState<string | undefined>();
  const index = chosen.length;
  const step = Math.min(index + 1, areaAmount);
  // The areas are named as the collection names them (bodice, skirt), "colour n" until it answers.
  const collection = useQuery(typeQuery(type));
  const areas = colourAreaNames(areaAmount, collection.data?.areaNames);
  const area = areas[step - 1] ?? `colour ${step}`;

  const next = useQuery({
    queryKey: ['getNextColor', type, gender, size ?? '', chosen.join(',')],
    queryFn: () =>
      apiGet('/getNextColor', {
        gender,
        index,
        typeId: type,
        colorComb: chosen.join(','),
        size,
      }),
    enabled: index < areaAmount,
    // Availability changes as pieces sell: always ask afresh.
    staleTime: 0,
  });

  async function choose(color: string) {
    const picked = [...chosen, color];
    setFailed(undefined);
    if (picked.length < areaAmount) {
      setChosen(picked);
      return;
    }
    setChosen(picked);
    setLooking(true);
    try {
      const answer = await apiGet('/getProductIdByColor', {
        gender,
        typeId: type,
        color: `{${picked.join(',')}}`,
        size,
      });
      const inputs = { productId: answer.id, type, areaAmount, gender, size };
      navigate(navTarget('/products/productdetails', inputs), { state: inputs });
    } catch {
      setLooking(false);
      setChosen(picked.slice(0, -1));
      setFailed(MESSAGES.noProduct);
    }
  }

  function stepBack() {
    setFailed(undefined);
    setChosen(chosen.slice(0, -1));
  }

  const colors = next.data?.colors ?? [];
  const unavailable = next.data?.unavailable ?? [];

  return (
    <main className="page picking">
      <BackButton />
      <p className="picking-eyebrow">choose your piece</p>
      <h1 className="picking-title" aria-live="polite">
        Pick Color ({step} of {areaAmount}) <span className="picking-title-area">{area}</span>
      </h1>
      <ol className="picking-progress" aria-label="colours chosen">
        {areas.map((name, n) => {
          const color = chosen[n];
          const now = n === index;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the areas are in a fixed order and may share a name.
            <li key={n} className={color ? 'picking-progress-done' : now ? 'picking-progress-now' : ''}>
              <span
                className="picking-dot"
                aria-hidden="true"
                style={color ? { background: toneOf(color) } : undefined}
              />
              <span>{color ? `${name}: ${color}` : name}</span>
            </li>
          );
        })}
      </ol>

      {looking || next.isPending ? (
        <Loading />
      ) : next.isError ? (
        <p role="alert" className="error-text picking-message">
          We could not load the colours just now. Please go back and try again.
        </p>
      ) : colors.length === 0 ? (
        <div className="picking-message">
          <p role="alert">
            We are sorry: no colour is available for this choice any more. Every piece is made once, and these
            have found their owners.
          </p>
        </div>
      ) : (
        <fieldset
          className="picking-swatches"
          aria-describedby={unavailable.length ? 'sold-note' : undefined}
        >
          <legend className="visually-hidden">colours for the {area}</legend>
          {colors.map(({ color }) => (
            <button
              key={color}
              type="button"
              className="picking-swatch"
              onClick={() => void choose(color)}
              aria-label={`${color}`}
            >
              <span
                className="picking-swatch-chip"
                style={{ background: toneOf(color) }}
                aria-hidden="true"
              />
              <span className="picking-swatch-name">{color}</span>
            </button>
          ))}
          {unavailable.map(({ color }) => {
            const why = soldReason(color, size);
            return (
              <button
                key={`x-${color}`}
                type="button"
                className="picking-swatch picking-swatch-sold"
                disabled
                aria-label={`${color}, ${why}`}
                title={why}
              >
                <span
                  className="picking-swatch-chip"
                  style={{ background: toneOf(color) }}
                  aria-hidden="true"
                />
                <span className="picking-swatch-name">
                  <s>{color}</s>
                </span>{' '}
                <span className="picking-swatch-why" aria-hidden="true">
                  sold
                </span>
              </button>
            );
          })}
        </fieldset>
      )}
      {unavailable.length > 0 && !looking && !next.isPending && colors.length > 0 && (
        <p id="sold-note" className="picking-aside">
          A struck-through colour is sold: each piece is made once, and there is no other piece in that colour
          {size ? ` in size ${size}` : ''} for the colours chosen so far.
        </p>
      )}

      {failed && (
        <p role="alert" className="error-text picking-message">
          {failed}
        </p>
      )}

      {index > 0 && !looking && (
        <button type="button" className="button button-quiet picking-step-back" onClick={stepBack}>
          <span aria-hidden="true">←</span> previous colour area
        </button>
      )}
    </main>
  );
}
