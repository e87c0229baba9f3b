/**
 * Demo artwork, drawn by code: the composition of every picture of the demo catalogue is a
 * small SVG built here (no downloads, no binary assets), which ./photos.ts renders as a
 * camera-size photograph. All functions are pure: the same input gives the same text.
 * Canvas: a 600×750 viewBox (portrait, like a product photograph).
 */

import { BRAND_COLORS, type BrandColor, TONE } from '#shared/brand-colors.ts';

export { BRAND_COLORS, type BrandColor, TONE };

const GOLD = '#b8975a';
const GOLD_LIGHT = '#d9c08a';
const INK = '#2a2622';
const MUTED = '#7a7066';
const SERIF = "'Cormorant Garamond','Bodoni 72',Didot,'Playfair Display',Georgia,'Times New Roman',serif";
const W = 600;
const H = 750;

export function tone(color: string): string {
  return (TONE as Record<string, string>)[color.trim().toLowerCase()] ?? TONE.grey;
}

export function colorLabel(color: string): string {
  const c = color.trim();
  return c.charAt(0).toUpperCase() + c.slice(1).toLowerCase();
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (n: number) => Math.round(n * 10) / 10;

/** Relative luminance of a #rrggbb tone, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const v = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}
const contrast = (hex: string) => (luminance(hex) > 0.55 ? INK : '#f4f1ea');

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The transform that fits `box` (centred) into `target`. */
function fitBox(
  box: Box,
  target: Box,
  max = Number.POSITIVE_INFINITY,
): { t: string; s: number; cx: number; bottom: number } {
  const s = Math.min(target.w / box.w, target.h / box.h, max);
  const tx = target.x + (target.w - box.w * s) / 2 - box.x * s;
  const ty = target.y + (target.h - box.h * s) / 2 - box.y * s;
  return {
    t: `translate(${r1(tx)} ${r1(ty)}) scale(${r1(s * 1000) / 1000})`,
    s,
    cx: target.x + target.w / 2,
    bottom: ty + (box.y + box.h) * s,
  };
}

// ---------------------------------------------------------------------------------------------
// Silhouettes. Each draws in its own coordinates; `box` bounds it, `focus` is its detail crop.

export type ProductKind =
  | 'gown'
  | 'clutch'
  | 'shoe'
  | 'watch'
  | 'bag'
  | 'scarf'
  | 'eyewear'
  | 'earrings'
  | 'ring'
  | 'pendant';

interface Shape {
  box: Box;
  focus: Box;
  /** Largest scale at which the piece still looks its size (small jewellery). */
  max?: number;
  /** `single`: one piece only (a shoe rather than a pair), for crowded compositions. */
  draw: (fills: string[], single?: boolean) => string;
}

const pick = (fills: string[], i: number) => fills[i] ?? fills[0] ?? TONE.black;
const line = 'stroke="#000" stroke-opacity=".14" stroke-width="1.2"';
const seam = 'fill="none" stroke="#000" stroke-opacity=".16" stroke-width="1.3"';
const stitch = (c: string) =>
  `fill="none" stroke="${c}" stroke-opacity=".55" stroke-width="1.2" stroke-dasharray="4 3"`;

const SHAPES: Record<ProductKind, Shape> = {
  gown: {
    box: { x: 128, y: 140, w: 344, h: 572 },
    focus: { x: 226, y: 140, w: 148, h: 230 },
    draw: (f) => {
      const [b, s] = [pick(f, 0), pick(f, 1)];
      const skirt =
        'M264 328L336 328C352 400 392 520 470 676C420 700 356 710 300 710C244 710 180 700 130 676C208 520 248 400 264 328Z';
      const bodice =
        'M262 204C278 214 292 222 300 210C308 222 322 214 338 204L346 252C338 288 332 308 336 330L264 330C268 308 262 288 254 252Z';
      return `<path d="M268 146L272 206M332 146L328 206" stroke="${b}" stroke-width="3" fill="none"/>
<path d="${skirt}" fill="${s}" ${line}/><path d="${skirt}" fill="url(#sh)"/>
<path d="M290 340C280 460 250 590 218 700M300 340C300 470 300 600 300 708M310 340C320 460 350 590 382 700" ${seam}/>
<path d="${bodice}" fill="${b}" ${line}/><path d="${bodice}" fill="url(#sh)"/>
<path d="M300 214L300 326" ${seam}/><rect x="262" y="323" width="76" height="8" rx="2" fill="${GOLD}"/>`;
    },
  },
  clutch: {
    box: { x: 136, y: 196, w: 328, h: 308 },
    focus: { x: 220, y: 330, w: 160, h: 160 },
    draw: (f) => {
      const c = pick(f, 0);
      const flap = 'M140 334C140 326 146 320 154 320L446 320C454 320 460 326 460 334L300 440Z';
      return `<path d="M168 322C196 196 404 196 432 322" fill="none" stroke="${GOLD}" stroke-width="3" stroke-dasharray="7 4" stroke-linecap="round"/>
<rect x="140" y="320" width="320" height="180" rx="14" fill="${c}" ${line}/><rect x="140" y="320" width="320" height="180" rx="14" fill="url(#sh)"/>
<path d="${flap}" fill="${c}" ${line}/><path d="${flap}" fill="#000" fill-opacity=".1"/>
<path d="M150 332L300 428L450 332" ${stitch(GOLD_LIGHT)}/>
<circle cx="300" cy="432" r="10" fill="${GOLD}"/><circle cx="297" cy="429" r="4" fill="#fff" fill-opacity=".45"/>`;
    },
  },
  shoe: {
    box: { x: 92, y: 330, w: 460, h: 184 },
    focus: { x: 200, y: 320, w: 300, h: 210 },
    draw: (f, single) => {
      const [u, so] = [pick(f, 0), pick(f, 1)];
      const shoe = (dx: number, dy: number, back: boolean) => {
        const upper =
          'M110 476C94 456 104 428 140 422C180 416 222 410 256 396C282 386 300 374 320 368L350 364C390 370 430 370 462 362C478 360 488 364 490 374C494 408 492 450 488 476Z';
        const eyelets = [0, 1, 2, 3]
          .map((i) => `<circle cx="${306 + i * 13}" cy="${376 - i * 3.5}" r="2.4" fill="${GOLD}"/>`)
          .join('');
        return `<g transform="translate(${dx} ${dy})">
<path d="M100 474L490 474C494 474 496 478 496 482L496 488L100 488C95 488 93 484 95 479Z" fill="${so}" ${line}/>
<path d="M404 488L494 488L494 508C494 511 492 512 489 512L408 512Z" fill="${so}" ${line}/>
<path d="${upper}" fill="${u}" ${line}/><path d="${upper}" fill="url(#sh)"/>
<path d="M178 418C190 438 190 458 182 476M304 374C322 406 364 418 490 410" ${seam}/>
<path d="M112 470L486 470" ${stitch(GOLD_LIGHT)}/>${back ? '' : `${eyelets}<path d="M306 376L332 369M319 372.5L345 365.5M306 376L319 372.5" stroke="${contrast(u)}" stroke-opacity=".7" stroke-width="1.6"/>`}
${back ? `<path d="${upper}" fill="#000" fill-opacity=".22"/>` : ''}</g>`;
      };
      return (single ? '' : shoe(54, -26, true)) + shoe(0, 0, false);
    },
  },
  watch: {
    box: { x: 168, y: 84, w: 272, h: 584 },
    focus: { x: 186, y: 262, w: 236, h: 226 },
    draw: (f) => {
      const [c, d, s] = [pick(f, 0), pick(f, 1), pick(f, 2)];
      const ink = contrast(d);
      const marks = Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        const [r0, r2] = i % 3 === 0 ? [78, 96] : [86, 96];
        return `M${r1(300 + r0 * Math.sin(a))} ${r1(375 - r0 * Math.cos(a))}L${r1(300 + r2 * Math.sin(a))} ${r1(375 - r2 * Math.cos(a))}`;
      }).join('');
      return `<path d="M262 90Q300 84 338 90L344 262L256 262Z" fill="${s}" ${line}/><path d="M256 488L344 488L338 662Q300 668 262 662Z" fill="${s}" ${line}/>
<path d="M268 100L272 256M332 100L328 256M272 494L274 652M328 494L326 652" ${stitch(contrast(s))}/>
<rect x="252" y="600" width="96" height="16" rx="3" fill="${s}" ${line}/><rect x="252" y="600" width="96" height="16" rx="3" fill="#000" fill-opacity=".15"/>
<path d="M256 240L344 240L338 510L262 510Z" fill="${c}" ${line}/>
<circle cx="300" cy="375" r="124" fill="${c}" ${line}/><circle cx="300" cy="375" r="124" fill="url(#sh)"/>
<rect x="420" y="361" width="16" height="28" rx="3" fill="${c}" ${line}/>
<circle cx="300" cy="375" r="104" fill="${d}" stroke="#000" stroke-opacity=".25" stroke-width="3"/>
<path d="${marks}" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>
<text x="300" y="338" text-anchor="middle" font-family="${SERIF}" font-size="10" letter-spacing="3" fill="${ink}">ONE OF ONE</text>
<path d="M300 375L254 349M300 375L368 336" stroke="${GOLD}" stroke-width="4" stroke-linecap="round"/>
<path d="M300 375L300 452" stroke="${GOLD}" stroke-width="1.4"/><circle cx="300" cy="375" r="6" fill="${GOLD}"/>`;
    },
  },
  bag: {
    box: { x: 66, y: 200, w: 468, h: 424 },
    focus: { x: 150, y: 220, w: 250, h: 200 },
    draw: (f) => {
      const [b, t, h] = [pick(f, 0), pick(f, 1), pick(f, 2)];
      const body =
        'M100 340L500 340C520 340 530 352 530 372L530 590C530 610 518 620 498 620L102 620C82 620 70 610 70 590L70 372C70 352 80 340 100 340Z';
      const handle = 'M214 344C214 206 386 206 386 344';
      return `<path d="${handle}" transform="translate(16 -8)" fill="none" stroke="${h}" stroke-width="15" stroke-linecap="round"/>
<path d="${handle}" transform="translate(16 -8)" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="15"/>
<path d="${body}" fill="${b}" ${line}/><path d="${body}" fill="url(#sh)"/>
<path d="M70 372C70 352 80 340 100 340L128 340L128 620L102 620C82 620 70 610 70 590ZM500 340C520 340 530 352 530 372L530 590C530 610 518 620 498 620L472 620L472 340Z" fill="${t}" ${line}/>
<rect x="128" y="340" width="344" height="22" fill="${t}"/><rect x="128" y="598" width="344" height="22" fill="${t}"/>
<path d="M128 368L472 368M128 592L472 592M134 340L134 620M466 340L466 620" ${stitch(contrast(t))}/>
<path d="M144 351L446 351" stroke="${GOLD}" stroke-width="2" stroke-dasharray="2 2"/><rect x="446" y="344" width="18" height="14" rx="3" fill="${GOLD}"/>
<path d="${handle}" fill="none" stroke="${h}" stroke-width="15" stroke-linecap="round"/>
<rect x="200" y="334" width="28" height="40" rx="4" fill="${h}" ${line}/><rect x="372" y="334" width="28" height="40" rx="4" fill="${h}" ${line}/>
<circle cx="214" cy="362" r="3.5" fill="${GOLD}"/><circle cx="386" cy="362" r="3.5" fill="${GOLD}"/>`;
    },
  },
  scarf: {
    box: { x: 140, y: 150, w: 320, h: 500 },
    focus: { x: 190, y: 480, w: 220, h: 170 },
    draw: (f) => {
      const [c, e] = [pick(f, 0), pick(f, 1)];
      const fringe = (x0: number, y0: number, slope: number) =>
        Array.from({ length: 11 }, (_, i) => `M${x0 + i * 8} ${r1(y0 - i * slope)}l0 26`).join('');
      const left = 'M216 174C214 300 210 450 204 612L288 604C292 450 296 300 296 174Z';
      const right = 'M304 174C306 300 310 430 318 572L398 580C392 430 388 300 386 174Z';
      return `<path d="M150 170L450 170" stroke="${GOLD}" stroke-width="4" stroke-linecap="round"/>
<circle cx="146" cy="170" r="7" fill="${GOLD}"/><circle cx="454" cy="170" r="7" fill="${GOLD}"/>
<path d="${right}" fill="${c}" ${line}/><path d="${right}" fill="#000" fill-opacity=".16"/>
<path d="M312 530L394 536L395 552L313 546Z" fill="${e}"/><path d="${fringe(320, 576, -0.8)}" stroke="${e}" stroke-width="2"/>
<path d="${left}" fill="${c}" ${line}/><path d="${left}" fill="url(#sh)"/>
<path d="M206 560L290 552L290 568L205 576Z" fill="${e}"/><path d="${fringe(208, 612, 0.8)}" stroke="${e}" stroke-width="2"/>
<path d="M206 158Q300 146 394 158L394 190Q300 178 206 190Z" fill="${c}" ${line}/><path d="M206 158Q300 146 394 158L394 190Q300 178 206 190Z" fill="#000" fill-opacity=".1"/>`;
    },
  },
  eyewear: {
    box: { x: 92, y: 300, w: 416, h: 156 },
    focus: { x: 220, y: 300, w: 160, h: 120 },
    draw: (f) => {
      const c = pick(f, 0);
      return `<path d="M142 338L98 322M458 338L502 322" stroke="${c}" stroke-width="8" stroke-linecap="round"/>
<rect x="140" y="320" width="140" height="116" rx="52" fill="#3a3632" fill-opacity=".55" stroke="${c}" stroke-width="12"/>
<rect x="320" y="320" width="140" height="116" rx="52" fill="#3a3632" fill-opacity=".55" stroke="${c}" stroke-width="12"/>
<path d="M280 352Q300 334 320 352" fill="none" stroke="${c}" stroke-width="9"/>
<path d="M168 352Q190 336 214 340M348 352Q370 336 394 340" stroke="#fff" stroke-opacity=".4" stroke-width="3" fill="none"/>
<circle cx="146" cy="336" r="3" fill="${GOLD}"/><circle cx="454" cy="336" r="3" fill="${GOLD}"/>`;
    },
  },
  earrings: {
    box: { x: 200, y: 180, w: 200, h: 300 },
    focus: { x: 300, y: 260, w: 120, h: 220 },
    draw: (f) => {
      const st = pick(f, 0);
      const one = (dx: number) => `<g transform="translate(${dx} 0)">
<path d="M0 240C-16 236 -20 204 0 198C16 194 20 214 10 226" fill="none" stroke="${GOLD}" stroke-width="3"/>
<circle cy="248" r="7" fill="${GOLD}"/><path d="M0 255L0 284" stroke="${GOLD}" stroke-width="2.5"/>
<path d="M0 282C30 330 46 380 46 410C46 448 24 470 0 470C-24 470 -46 448 -46 410C-46 380 -30 330 0 282Z" fill="${GOLD}"/>
<path d="M0 298C24 338 38 382 38 410C38 440 20 460 0 460C-20 460 -38 440 -38 410C-38 382 -24 338 0 298Z" fill="${st}"/>
<path d="M0 298L-18 410L0 460L18 410ZM-38 410L38 410" fill="none" stroke="#fff" stroke-opacity=".28" stroke-width="1.2"/>
<path d="M-10 340Q-22 370 -24 400" stroke="#fff" stroke-opacity=".45" stroke-width="3" fill="none"/></g>`;
      return one(246) + one(354);
    },
  },
  ring: {
    box: { x: 160, y: 260, w: 280, h: 330 },
    focus: { x: 200, y: 262, w: 200, h: 120 },
    max: 1.1,
    draw: (f) => {
      const st = pick(f, 0);
      return `<ellipse cx="300" cy="450" rx="118" ry="126" fill="none" stroke="${GOLD}" stroke-width="24"/>
<ellipse cx="300" cy="450" rx="104" ry="112" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="4"/>
<path d="M214 318C230 290 370 290 386 318L376 350C350 372 250 372 224 350Z" fill="${GOLD}"/>
<ellipse cx="300" cy="318" rx="86" ry="42" fill="${GOLD_LIGHT}"/><ellipse cx="300" cy="318" rx="68" ry="30" fill="${st}"/>
<text x="300" y="328" text-anchor="middle" font-family="${SERIF}" font-size="28" font-style="italic" fill="${GOLD_LIGHT}" fill-opacity=".8">1</text>`;
    },
  },
  pendant: {
    box: { x: 160, y: 110, w: 280, h: 450 },
    focus: { x: 220, y: 400, w: 160, h: 160 },
    draw: (f) => {
      const st = pick(f, 0);
      return `<path d="M176 116C196 300 250 384 300 420C350 384 404 300 424 116" fill="none" stroke="${GOLD}" stroke-width="2.5" stroke-dasharray="3 2"/>
<rect x="292" y="414" width="16" height="24" rx="6" fill="${GOLD}"/>
<circle cx="300" cy="494" r="58" fill="${GOLD}"/><circle cx="300" cy="494" r="46" fill="${st}"/>
<circle cx="300" cy="494" r="46" fill="url(#sh)"/><path d="M276 470Q286 460 300 458" stroke="#fff" stroke-opacity=".5" stroke-width="3" fill="none"/>`;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Frames

const BACKGROUNDS = [
  ['#f4f0ea', '#e5ded3'],
  ['#ece4d9', '#d8cdbf'],
  ['#f1ede7', '#e9e3da'],
  ['#1d1b19', '#2e2a26'],
] as const;

function svg(body: string, bg: readonly [string, string], extraDefs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>
<linearGradient id="sh" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".26"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".14"/></linearGradient>
<radialGradient id="sd"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>${extraDefs}</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect x="22" y="22" width="${W - 44}" height="${H - 44}" fill="none" stroke="${GOLD}" stroke-opacity=".45"/>
${body}
</svg>`;
}

const mark = (fill = GOLD) =>
  `<text x="300" y="62" text-anchor="middle" font-family="${SERIF}" font-size="12" letter-spacing="7" fill="${fill}">ONE OF ONE</text>`;

function caption(title: string, sub: string, dark = false, y = 688): string {
  return `<text x="300" y="${y}" text-anchor="middle" font-family="${SERIF}" font-size="24" letter-spacing="2" fill="${dark ? '#f4f1ea' : INK}">${esc(title)}</text>
<text x="300" y="${y + 26}" text-anchor="middle" font-family="${SERIF}" font-size="14" font-style="italic" letter-spacing="1" fill="${dark ? GOLD_LIGHT : MUTED}">${esc(sub)}</text>`;
}

function placed(kind: ProductKind, fills: string[], target: Box, single = false): string {
  const shape = SHAPES[kind];
  const p = fitBox(shape.box, target, shape.max);
  const w = shape.box.w * p.s;
  const sd = `<ellipse cx="${r1(p.cx)}" cy="${r1(p.bottom + 4)}" rx="${r1(w * 0.46)}" ry="14" fill="url(#sd)"/>`;
  return `${sd}<g transform="${p.t}">${shape.draw(fills, single)}</g>`;
}

export interface ProductPicture {
  kind: ProductKind;
  /** Brand colour names, one per colour area (single products: the piece's own tones). */
  colors: string[];
  /** Names of the colour areas, in order (e.g. bodice, skirt). */
  areas: string[];
  name: string;
  /** 1 front, 2 detail, 3 composition with swatches. */
  view: 1 | 2 | 3;
  /**
   * The front's line under the name, instead of its colours: a picture several pieces share
   * must not name colours a piece of them lacks.
   */
  subtitle?: string;
}

/** A product picture: the piece's silhouette filled with its chosen colours. */
export function productSvg(p: ProductPicture): string {
  const fills = p.colors.map(tone);
  const colours = p.subtitle ?? (p.colors.map(colorLabel).join(' · ') || 'One of one');
  const shape = SHAPES[p.kind];
  if (p.view === 2) {
    const frame = { x: 40, y: 90, w: 520, h: 540 };
    const f = fitBox(shape.focus, frame);
    return svg(
      `${mark()}<g clip-path="url(#cf)"><rect x="40" y="90" width="520" height="540" fill="#fff" fill-opacity=".25"/><g transform="${f.t}">${shape.draw(fills)}</g></g>
<rect x="40" y="90" width="520" height="540" fill="none" stroke="${GOLD}" stroke-opacity=".6"/>
${caption(p.name, `Detail — ${p.areas[0] ?? 'finish'}`)}`,
      BACKGROUNDS[1],
      '<clipPath id="cf"><rect x="40" y="90" width="520" height="540"/></clipPath>',
    );
  }
  if (p.view === 3) {
    const swatches = (p.areas.length ? p.areas : ['finish'])
      .map((area, i) => {
        const y = 250 + i * 96;
        const c = p.colors[i] ?? p.colors[0] ?? 'black';
        return `<circle cx="470" cy="${y}" r="22" fill="${tone(c)}" stroke="${GOLD}" stroke-width="1.5"/>
<text x="470" y="${y + 44}" text-anchor="middle" font-family="${SERIF}" font-size="11" letter-spacing="3" fill="${MUTED}">${esc(area.toUpperCase())}</text>
<text x="470" y="${y + 62}" text-anchor="middle" font-family="${SERIF}" font-size="14" font-style="italic" fill="${INK}">${esc(colorLabel(c))}</text>`;
      })
      .join('');
    return svg(
      `${mark()}${placed(p.kind, fills, { x: 50, y: 120, w: 340, h: 500 })}
<path d="M410 200L410 560" stroke="${GOLD}" stroke-opacity=".5"/>${swatches}
${caption(p.name, 'Composed for a single owner')}`,
      BACKGROUNDS[2],
    );
  }
  return svg(
    `${mark()}${placed(p.kind, fills, { x: 80, y: 100, w: 440, h: 520 })}\n${caption(p.name, colours)}`,
    BACKGROUNDS[0],
  );
}

export interface CollectionPicture {
  kind: ProductKind;
  title: string;
  subtitle: string;
  /** A few colourways of the collection (brand colour names). */
  colorways: string[][];
  /** 1 trio, 2 hero, 3 night detail, 4 pair on a light ground. */
  view: 1 | 2 | 3 | 4;
}

/** Collection imagery: the lookbook pictures of the women/men lists and the gallery. */
export function collectionSvg(c: CollectionPicture): string {
  const ways = c.colorways.map((w) => w.map(tone));
  const way = (i: number) => ways[i % Math.max(ways.length, 1)] ?? [TONE.black];
  const title = `<text x="300" y="660" text-anchor="middle" font-family="${SERIF}" font-size="34" letter-spacing="9" fill="${c.view === 3 ? '#f4f1ea' : INK}">${esc(c.title.toUpperCase())}</text>
<text x="300" y="690" text-anchor="middle" font-family="${SERIF}" font-size="15" font-style="italic" letter-spacing="1" fill="${c.view === 3 ? GOLD_LIGHT : MUTED}">${esc(c.subtitle)}</text>`;
  if (c.view === 1) {
    const s = SHAPES[c.kind];
    const wide = s.box.w / s.box.h > 1.5;
    const trio = [0, 1, 2]
      .map((i) =>
        placed(
          c.kind,
          way(i),
          wide ? { x: 90, y: 110 + i * 165, w: 420, h: 140 } : { x: 40 + i * 176, y: 150, w: 168, h: 420 },
          true,
        ),
      )
      .join('');
    return svg(`${mark()}${trio}${title}`, BACKGROUNDS[0]);
  }
  if (c.view === 3) {
    const s = SHAPES[c.kind];
    const f = fitBox(s.focus, { x: 90, y: 130, w: 420, h: 420 });
    return svg(
      `${mark(GOLD_LIGHT)}<g clip-path="url(#cn)"><g transform="${f.t}">${s.draw(way(1))}</g></g>
<rect x="70" y="100" width="460" height="490" fill="none" stroke="${GOLD}" stroke-opacity=".5"/>${title}`,
      BACKGROUNDS[3],
      '<clipPath id="cn"><rect x="70" y="100" width="460" height="490"/></clipPath>',
    );
  }
  if (c.view === 4) {
    const pair =
      placed(c.kind, way(2), { x: 60, y: 170, w: 240, h: 400 }, true) +
      placed(c.kind, way(3), { x: 300, y: 170, w: 240, h: 400 }, true);
    return svg(`${mark()}${pair}${title}`, BACKGROUNDS[2]);
  }
  return svg(`${mark()}${placed(c.kind, way(0), { x: 90, y: 110, w: 420, h: 480 })}${title}`, BACKGROUNDS[1]);
}

export interface DimensionPicture {
  kind: ProductKind;
  title: string;
  width: string;
  height: string;
  note: string;
}

/** A technical drawing: the outline of the piece with dimension arrows and labels. */
export function dimensionSvg(d: DimensionPicture): string {
  const s = SHAPES[d.kind];
  const target = { x: 130, y: 150, w: 380, h: 400 };
  const p = fitBox(s.box, target);
  const bw = s.box.w * p.s;
  const bh = s.box.h * p.s;
  const x0 = r1(p.cx - bw / 2);
  const x1 = r1(p.cx + bw / 2);
  const y1 = r1(p.bottom);
  const y0 = r1(p.bottom - bh);
  const ay = r1(y1 + 40);
  const ax = r1(x0 - 40);
  const label = (x: number, y: number, t: string, rot = '') =>
    `<rect x="${r1(x - 38)}" y="${r1(y - 13)}" width="76" height="22" fill="#f6f3ee"${rot}/><text x="${x}" y="${r1(y + 4)}" text-anchor="middle" font-family="${SERIF}" font-size="15" font-style="italic" fill="${INK}"${rot}>${esc(t)}</text>`;
  const rot = ` transform="rotate(-90 ${ax} ${r1((y0 + y1) / 2)})"`;
  return svg(
    `<style>.ol *{fill:none!important;stroke:#3b352f!important;stroke-width:1.3px;vector-effect:non-scaling-stroke}</style>
${mark()}<text x="300" y="104" text-anchor="middle" font-family="${SERIF}" font-size="13" letter-spacing="5" fill="${MUTED}">DIMENSIONS</text>
<rect x="60" y="130" width="480" height="500" fill="url(#gr)"/>
<g class="ol" transform="${p.t}">${s.draw(['#000', '#000', '#000'])}</g>
<path d="M${x0} ${r1(y1 + 14)}L${x0} ${r1(ay + 10)}M${x1} ${r1(y1 + 14)}L${x1} ${r1(ay + 10)}M${r1(x0 - 14)} ${y0}L${r1(ax - 10)} ${y0}M${r1(x0 - 14)} ${y1}L${r1(ax - 10)} ${y1}" stroke="${MUTED}" stroke-width=".8"/>
<path d="M${x0} ${ay}L${x1} ${ay}M${ax} ${y0}L${ax} ${y1}" stroke="${GOLD}" stroke-width="1.4" marker-start="url(#ar)" marker-end="url(#ar)"/>
${label(p.cx, ay, d.width)}${label(ax, (y0 + y1) / 2, d.height, rot)}
${caption(d.title, d.note)}`,
    ['#f6f3ee', '#efe9e0'],
    `<pattern id="gr" width="20" height="20" patternUnits="userSpaceOnUse"><path d="M20 0L0 0L0 20" fill="none" stroke="${GOLD}" stroke-opacity=".18"/></pattern>
<marker id="ar" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 1L9 5L0 9" fill="none" stroke="${GOLD}" stroke-width="1.5"/></marker>`,
  );
}

// ---------------------------------------------------------------------------------------------
// Size guides and size finder artwork

export type Measure = 'bust' | 'waist' | 'hip' | 'length' | 'foot' | 'width' | 'height' | 'heel';

const FORM =
  'M282 140C250 146 214 156 204 176C196 196 200 232 212 262C222 292 222 320 244 356C222 392 212 430 214 470C216 500 236 520 300 524C364 520 384 500 386 470C388 430 378 392 356 356C378 320 378 292 388 262C400 232 404 196 396 176C386 156 350 146 318 140Z';
const FOOT =
  'M266 150C300 142 352 150 368 200C380 260 366 340 360 420C354 520 350 610 318 652C296 676 258 670 250 630C240 580 246 520 240 440C234 360 222 290 228 230C232 188 244 156 266 150Z';

function figure(m: Measure): { body: string; tape: string } {
  const tape = `stroke="${GOLD}" stroke-width="3" fill="none"`;
  const arrow = 'marker-start="url(#ar)" marker-end="url(#ar)"';
  if (m === 'foot' || m === 'width') {
    return {
      body: `<path d="${FOOT}" fill="#f6f3ee" stroke="${INK}" stroke-width="1.6"/><path d="M252 236C280 226 330 226 368 240" fill="none" stroke="${INK}" stroke-opacity=".2"/>`,
      tape:
        m === 'foot'
          ? `<path d="M420 130L420 664" ${tape} ${arrow}/><path d="M372 130L430 130M362 664L430 664" stroke="${MUTED}" stroke-dasharray="3 3"/>`
          : `<path d="M220 250L380 250" ${tape} ${arrow}/>`,
    };
  }
  if (m === 'height') {
    const ticks = Array.from({ length: 12 }, (_, i) => `M150 ${130 + i * 46}l${i % 2 ? 10 : 18} 0`).join('');
    return {
      body: `<circle cx="300" cy="150" r="34" fill="#f6f3ee" stroke="${INK}" stroke-width="1.6"/><path d="M300 190C250 190 236 220 236 270L240 420L262 430L266 660L296 664L300 470L304 664L334 660L338 430L360 420L364 270C364 220 350 190 300 190Z" fill="#f6f3ee" stroke="${INK}" stroke-width="1.6"/>`,
      tape: `<path d="M150 116L150 664" ${tape} ${arrow}/><path d="${ticks}" stroke="${GOLD}" stroke-width="1.5"/>`,
    };
  }
  if (m === 'heel') {
    return {
      body: `<path d="${pumpPath(117, 480)}" fill="#f6f3ee" stroke="${INK}" stroke-width="1.6"/><path d="M80 480L520 480" stroke="${INK}" stroke-opacity=".3"/>`,
      tape: `<path d="M500 480L500 363" ${tape} ${arrow}/>`,
    };
  }
  const form = `<path d="${FORM}" fill="#f6f3ee" stroke="${INK}" stroke-width="1.6"/><ellipse cx="300" cy="134" rx="22" ry="8" fill="#e8e1d6" stroke="${INK}"/>
<path d="M300 524L300 660M300 660L244 702M300 660L356 702M300 660L300 708" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`;
  const band = (y: number, rx: number) =>
    `<ellipse cx="300" cy="${y}" rx="${rx}" ry="12" ${tape} stroke-dasharray="8 4"/><circle cx="${300 + rx}" cy="${y}" r="4" fill="${GOLD}"/>`;
  if (m === 'bust') return { body: form, tape: band(262, 90) };
  if (m === 'waist') return { body: form, tape: band(356, 58) };
  if (m === 'hip') return { body: form, tape: band(470, 88) };
  return {
    body: form,
    tape: `<path d="M450 146L450 700" ${tape} ${arrow}/><path d="M320 146L460 146" stroke="${MUTED}" stroke-dasharray="3 3"/>`,
  };
}

/** A court shoe in profile, facing left, standing on `g` with a heel of `h` units. */
function pumpPath(h: number, g: number): string {
  return `M108 ${g - 4}C104 ${g - 30} 130 ${g - 44} 180 ${g - 48}C230 ${g - 52} 260 ${g - 56} 280 ${g - 60}C340 ${r1(g - 50 - h * 0.3)} 420 ${g - h - 40} 470 ${g - h - 70}L476 ${g - h - 70}C480 ${g - h - 40} 478 ${g - h - 10} 470 ${g - h}L462 ${g - h}L454 ${g}L444 ${g}L440 ${g - h + 8}C400 ${g - h + 10} 320 ${g - 10} 260 ${g}L120 ${g}C112 ${g} 108 ${g - 2} 108 ${g - 4}Z`;
}

const ARROW_DEFS = `<marker id="ar" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 1L9 5L0 9" fill="none" stroke="${GOLD}" stroke-width="1.5"/></marker>`;

/**
 * How to measure: a dress form, foot or figure with the tape where it belongs; several
 * measurements of the same body (bust, waist and hip on one form) share one picture.
 */
export function measureSvg(m: Measure | Measure[], title: string, hint: string, large = false): string {
  const measures = Array.isArray(m) ? m : [m];
  const body = figure(measures[0] ?? 'bust').body;
  const tapes = measures.map((one) => figure(one).tape).join('');
  const drawn = large
    ? `<g transform="translate(20 -6) scale(.94)">${body}${tapes}</g>`
    : `<g transform="translate(75 40) scale(.75)">${body}${tapes}</g>`;
  return svg(
    `${mark()}${drawn}${caption(title, hint, false, large ? 692 : 660)}`,
    large ? ['#f6f3ee', '#ece5db'] : ['#f1ede7', '#e7e0d6'],
    ARROW_DEFS,
  );
}

export type Motif =
  | { kind: 'neckline'; shape: 'sweetheart' | 'square' | 'v' }
  | { kind: 'heel'; cm: number }
  | { kind: 'toe'; shape: 'round' | 'almond' | 'square' }
  | { kind: 'leather'; finish: 'calf' | 'suede' | 'patent' | 'cordovan' };

/** Pictures of size finder options. */
export function optionSvg(m: Motif, title: string): string {
  let art = '';
  if (m.kind === 'neckline') {
    const top = {
      sweetheart: 'M210 250C240 270 280 290 300 262C320 290 360 270 390 250',
      square: 'M210 250L234 250L234 300L366 300L366 250L390 250',
      v: 'M210 250L300 360L390 250',
    }[m.shape];
    art = `<path d="${top}L410 420C396 480 390 520 396 560L204 560C210 520 204 480 190 420Z" fill="${TONE.white}" stroke="${INK}" stroke-width="1.6"/>
<path d="M226 180L220 254M374 180L380 254" stroke="${INK}" stroke-width="2"/><rect x="204" y="548" width="192" height="12" fill="${GOLD}"/>`;
  } else if (m.kind === 'heel') {
    const h = m.cm * 13;
    const g = 580;
    const pump = pumpPath(h, g);
    art = `<path d="${pump}" fill="${TONE.black}" stroke="${INK}"/><path d="${pump}" fill="url(#sh)"/>
<path d="M80 ${g}L520 ${g}" stroke="${GOLD}" stroke-width="1.5"/><path d="M500 ${g}L500 ${g - h}" stroke="${GOLD}" stroke-width="2" marker-start="url(#ar)" marker-end="url(#ar)"/>`;
  } else if (m.kind === 'toe') {
    const outline = {
      round: 'M210 560L210 280C210 170 390 170 390 280L390 560Z',
      almond: 'M210 560L210 300C212 180 256 136 300 136C344 136 388 180 390 300L390 560Z',
      square: 'M210 560L210 220C210 200 222 190 244 190L356 190C378 190 390 200 390 220L390 560Z',
    }[m.shape];
    const eyelets = [0, 1, 2]
      .map(
        (i) =>
          `<circle cx="262" cy="${460 + i * 30}" r="3" fill="${GOLD}"/><circle cx="338" cy="${460 + i * 30}" r="3" fill="${GOLD}"/>`,
      )
      .join('');
    art = `<path d="${outline}" fill="${TONE.brown}" stroke="${INK}" stroke-width="1.6"/><path d="${outline}" fill="url(#sh)"/>
<path d="M214 330C250 300 350 300 386 330M240 440C260 430 340 430 360 440" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="1.4"/>
<path d="M214 322C250 292 350 292 386 322" ${stitch(GOLD_LIGHT)}/>${eyelets}<path d="M262 460L338 490M338 460L262 490M262 490L338 520M338 490L262 520" stroke="${TONE.white}" stroke-opacity=".8" stroke-width="1.6"/>`;
  } else {
    const fills = { calf: TONE.brown, suede: '#9a7b5c', patent: TONE.black, cordovan: '#5a1e22' };
    const dots =
      m.finish === 'suede'
        ? Array.from(
            { length: 40 },
            (_, i) =>
              `<circle cx="${200 + ((i * 37) % 200)}" cy="${230 + ((i * 53) % 240)}" r="1.6" fill="#fff" fill-opacity=".18"/>`,
          ).join('')
        : '';
    const gloss =
      m.finish === 'patent' || m.finish === 'cordovan'
        ? `<path d="M212 300C240 240 300 220 350 230" stroke="#fff" stroke-opacity="${m.finish === 'patent' ? '.6' : '.3'}" stroke-width="10" stroke-linecap="round" fill="none"/>`
        : '';
    art = `<circle cx="300" cy="350" r="130" fill="${fills[m.finish]}" stroke="${GOLD}" stroke-width="2"/>${dots}${gloss}<circle cx="300" cy="350" r="112" ${stitch(GOLD_LIGHT)}/>`;
  }
  return svg(
    `${mark()}${art}${caption(title, 'Size finder', false, 660)}`,
    ['#f4f0ea', '#e8e1d7'],
    ARROW_DEFS,
  );
}

export interface AuthenticityPicture {
  kind: ProductKind;
  colors: string[];
  name: string;
  /** Only the last four digits appear; the rest is masked. */
  cardNumber: string;
  view: 1 | 2;
}

/**
 * Authenticity photographs (image type 2): the steel card and a close-up of the piece, each
 * piece's own; photographed at 1200×1600 (./photos.ts photoSize).
 */
export function authenticitySvg(a: AuthenticityPicture): string {
  return authenticityComposition(a).replace(
    '<svg xmlns="http://www.w3.org/2000/svg" ',
    '<svg xmlns="http://www.w3.org/2000/svg" data-photo-width="1200" ',
  );
}

function authenticityComposition(a: AuthenticityPicture): string {
  const fills = a.colors.map(tone);
  const s = SHAPES[a.kind];
  const last4 = a.cardNumber.slice(-4);
  const steel = `<linearGradient id="st" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e6e8ea"/><stop offset=".5" stop-color="#a9aeb3"/><stop offset="1" stop-color="#d9dcdf"/></linearGradient>
<clipPath id="cc"><circle cx="300" cy="${a.view === 1 ? 520 : 360}" r="${a.view === 1 ? 120 : 220}"/></clipPath>`;
  const closeUp = (cy: number, r: number) => {
    const f = fitBox(s.focus, { x: 300 - r, y: cy - r, w: r * 2, h: r * 2 });
    return `<circle cx="300" cy="${cy}" r="${r}" fill="#ebe4da"/><g clip-path="url(#cc)"><g transform="${f.t}">${s.draw(fills)}</g></g><circle cx="300" cy="${cy}" r="${r}" fill="none" stroke="${GOLD}" stroke-width="2"/>`;
  };
  if (a.view === 2) {
    return svg(
      `${mark()}${closeUp(360, 220)}<rect x="360" y="540" width="170" height="52" rx="6" fill="url(#st)" stroke="#7d8287"/>
<text x="445" y="572" text-anchor="middle" font-family="${SERIF}" font-size="15" letter-spacing="3" fill="#4a4f54">•••• ${esc(last4)}</text>
${caption(a.name, 'Authenticity record — close-up')}`,
      BACKGROUNDS[2],
      steel,
    );
  }
  return svg(
    `${mark()}<g transform="rotate(-4 300 260)"><rect x="80" y="140" width="440" height="250" rx="18" fill="url(#st)" stroke="#7d8287"/>
<rect x="96" y="156" width="408" height="218" rx="12" fill="none" stroke="#fff" stroke-opacity=".5"/>
<text x="300" y="200" text-anchor="middle" font-family="${SERIF}" font-size="16" letter-spacing="8" fill="#4a4f54">ONE OF ONE</text>
<text x="300" y="226" text-anchor="middle" font-family="${SERIF}" font-size="11" letter-spacing="4" fill="#5d6368">CERTIFICATE OF AUTHENTICITY</text>
<text x="300" y="300" text-anchor="middle" font-family="${SERIF}" font-size="26" letter-spacing="4" fill="#3c4146">•••• •••• •••• ${esc(last4)}</text>
<text x="300" y="350" text-anchor="middle" font-family="${SERIF}" font-size="14" font-style="italic" fill="#4a4f54">${esc(a.name)}</text></g>
${closeUp(520, 120)}${caption(a.name, 'Authenticity record', false, 690)}`,
    BACKGROUNDS[2],
    steel,
  );
}
