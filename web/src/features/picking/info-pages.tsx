import { Page } from '../../components/page.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import { SUPPORT_EMAIL } from './support.ts';
import './picking.css';

/** The fixed "how to measure" film, served from the shop's own media (000 §7: fixed videos). */
const MEASURE_VIDEO = 's3/videos/measure.mp4';

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
      <VideoPlayer url={MEASURE_VIDEO} title="How to measure" />
    </Page>
  );
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
