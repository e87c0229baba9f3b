import { useQuery } from '@tanstack/react-query';
import { MEASURE_FILM } from '#shared/films.ts';
import { Film } from '../../components/film.tsx';
import { Page } from '../../components/page.tsx';
import { filmsQuery } from '../../lib/films-query.ts';
import { SUPPORT_EMAIL } from './support.ts';
import './picking.css';

/** /products/measure: how to measure. */
export function Measure() {
  return (
    <Page title="How to measure">
      <div className="picking-rule" aria-hidden="true" />
      <div className="picking-text">
        <p>
          Measure over light underwear, standing relaxed, with a soft tape measure held level and close, but
          never tight. Ask someone to help if you can; write each figure down as you go.
        </p>
        <ol className="picking-steps-list">
          <li>
            <strong>Bust or chest</strong> — around the fullest part, the tape level under the arms.
          </li>
          <li>
            <strong>Waist</strong> — around the natural waist, the narrowest part of the torso.
          </li>
          <li>
            <strong>Hip</strong> — around the fullest part of the hip, feet together.
          </li>
          <li>
            <strong>Length</strong> — from the top of the shoulder straight down to the floor.
          </li>
          <li>
            <strong>Foot</strong> — stand on a sheet of paper and measure from the heel to the longest toe.
          </li>
        </ol>
      </div>
      <MeasureFilm />
    </Page>
  );
}

/**
 * The "how to measure" film staff set in the admin's films (slot MEASURE_FILM). Until they do,
 * the written steps above are the page: no player, no "coming soon".
 */
function MeasureFilm() {
  const films = useQuery(filmsQuery);
  const film = films.data?.find((f) => f.slot === MEASURE_FILM);
  if (!film) return null;
  return <Film film={film} title={film.title} />;
}

/** /products/questions (000 §2): asks the shopper to email support. */
export function Questions() {
  return (
    <Page title="Questions">
      <div className="picking-rule" aria-hidden="true" />
      <div className="picking-text">
        <p>We are happy to help with sizes, colours, materials or anything else about a piece.</p>
        <p>
          Please email us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will answer you
          personally.
        </p>
      </div>
    </Page>
  );
}

/** /products/productprice (000 §2): placeholder text only. */
export function ProductPrice() {
  return (
    <Page title="Product Price">
      <div className="picking-rule" aria-hidden="true" />
      <p className="picking-text">The price of each piece is shown on its own page, in USD.</p>
    </Page>
  );
}
