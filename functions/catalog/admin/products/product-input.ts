import * as z from 'zod';
import { httpError } from '#platform/http-error.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import type { Gender } from '#shared/constants.ts';
import { hasAtMostDecimals } from '#shared/money.ts';
import { idSchema } from '#shared/schemas.ts';
import type { TypeEntity } from '../../entities/collection.ts';
import type { ProductEntity } from '../../entities/product.ts';

/**
 * The admin product form (001 §3 Product, §5): what POST and PATCH /products accept. The
 * schema only checks types and sizes; which blanks must be filled depends on the collection,
 * so `requireFilled` answers "please fill all the blanks" once the collection is known.
 */
export const CARD_NUMBER_MAX = 16;

/** Form values arrive as text or numbers; an empty text is a blank. */
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const text = (max: number, what: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${what} must be text` })
      .trim()
      .max(max, { error: `${what} is at most ${max} characters` })
      .optional(),
  );

const price = (what: string) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === 'string' ? Number(v.replace(/[$,\s]/g, '')) : v;
    },
    z
      .number({ error: `${what} must be a number` })
      .min(0, { error: `${what} cannot be negative` })
      .max(100_000_000, { error: `${what} is too large` })
      .refine((n) => hasAtMostDecimals(n, 2), { error: `${what} has at most 2 decimals` })
      .optional(),
  );

const flag = z.preprocess(
  (value) =>
    value === 'true' || value === 1 || value === '1'
      ? true
      : value === 'false' || value === 0 || value === '0'
        ? false
        : value,
  z.boolean({ error: 'must be true or false' }).optional(),
);

const choice = <T extends number>(values: readonly T[], what: string) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === 'string' ? Number(v) : v;
    },
    z
      .number({ error: `${what} must be one of ${values.join(', ')}` })
      .refine((n): n is T => values.includes(n as T), {
        error: `${what} must be one of ${values.join(', ')}`,
      })
      .optional(),
  );

/** Up to 16 digits (001 §9); spaces and dashes typed between groups of 4 are dropped. */
const cardNumber = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s-]+/g, '') : value),
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'the card number must be text' })
      .max(CARD_NUMBER_MAX, { error: `the card number is at most ${CARD_NUMBER_MAX} characters` })
      .regex(/^\d+$/, { error: 'the card number is made of digits only' })
      .optional(),
  ),
);

const colours = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : value),
  z
    .array(
      z.preprocess(
        (c) => (typeof c === 'string' ? c.trim() : c),
        z
          .string({ error: 'a colour must be text' })
          .max(40, { error: 'a colour name is at most 40 characters' }),
      ),
      {
        error: 'the colours must be a list',
      },
    )
    .max(20, { error: 'at most 20 colours' })
    .optional(),
);

const optionalId = z.preprocess(blankToUndefined, idSchema.optional());

export const productFormSchema = z.object({
  name: text(200, 'the name'),
  priceUs: price('the US price'),
  priceCanada: price('the Canadian price'),
  size: text(40, 'the size'),
  sizeId: optionalId,
  cardNumber,
  status: choice([0, 1] as const, 'the status'),
  typeId: optionalId,
  gender: choice([0, 1, 2] as const, 'the gender'),
  /** The spec's "colour list"; `colours` and `colors` are accepted too. */
  colors: colours,
  colours,
  colour: colours,
  removeShipmentCharge: flag,
  singleproduct: flag,
  soldOnOtherPlatform: flag,
});
export type ProductForm = z.output<typeof productFormSchema>;

export const createProductSchema = productFormSchema;
export const updateProductSchema = productFormSchema.extend({ id: idSchema });

const fillAllBlanks = () => httpError(400, ADMIN_MESSAGES.fillAllBlanks);

/** The fields every product needs, and the collection's unless the piece is a single one. */
export interface FilledProduct {
  name: string;
  priceUs: number;
  priceCanada?: number;
  cardNumber: string;
  typeId: string;
  colors: string[];
  gender?: Gender;
  status: 0 | 1;
  size?: string;
  sizeId?: string;
  removeShipmentCharge: boolean;
  singleproduct: boolean;
  soldOnOtherPlatform: boolean;
}

export function colourList(form: ProductForm): string[] | undefined {
  return form.colors ?? form.colours ?? form.colour;
}

/**
 * 001 §5: name, US price, card number, collection and colours, else "please fill all the
 * blanks"; the collection and colours may stay blank for a single piece (singleproduct), and
 * the colours for a piece of a single-collection type. Colours, when required, are one per
 * colour area of the collection (areaAmount), none of them blank.
 */
export function requireFilled(form: ProductForm, type: TypeEntity | undefined): FilledProduct {
  const single = form.singleproduct === true;
  const colors = colourList(form) ?? [];
  if (!form.name || form.priceUs === undefined || !form.cardNumber) throw fillAllBlanks();
  if (!single && !form.typeId) throw fillAllBlanks();
  const coloursRequired = !single && !type?.singlecollection;
  const areas = type?.areaAmount ?? colors.length;
  if (coloursRequired && (colors.length !== areas || colors.some((c) => c === ''))) throw fillAllBlanks();
  const given = colors.filter((c) => c !== '');
  if (type && given.length > type.areaAmount) {
    throw httpError(
      400,
      `this collection has ${type.areaAmount} colour areas: give at most that many colours`,
    );
  }
  if (!coloursRequired && given.length > 0 && given.length !== colors.length) throw fillAllBlanks();
  // A piece sold on another platform is sold here too: it must never be bought twice.
  const soldOnOtherPlatform = form.soldOnOtherPlatform === true;
  return {
    name: form.name,
    priceUs: form.priceUs,
    ...(form.priceCanada === undefined ? {} : { priceCanada: form.priceCanada }),
    cardNumber: form.cardNumber,
    typeId: form.typeId ?? '',
    colors: given,
    ...(form.gender === undefined ? {} : { gender: form.gender }),
    status: soldOnOtherPlatform ? 0 : (form.status ?? 1),
    ...(form.size === undefined ? {} : { size: form.size }),
    ...(form.sizeId === undefined ? {} : { sizeId: form.sizeId }),
    removeShipmentCharge: form.removeShipmentCharge === true,
    singleproduct: single,
    soldOnOtherPlatform,
  };
}

/** The product item as saved: the filled form over what the item held (holds, sale data stay). */
export function productFrom(
  filled: FilledProduct,
  base: { id: string; createdAt: string; previous?: ProductEntity },
  type: TypeEntity | undefined,
  size: { id: string; name: string } | undefined,
): ProductEntity {
  const { previous } = base;
  const product: ProductEntity = {
    ...(previous ?? {}),
    kind: 'product',
    id: base.id,
    typeId: type?.id ?? '',
    typeName: type?.name ?? '',
    name: filled.name,
    gender: filled.gender ?? previous?.gender ?? type?.gender ?? 2,
    colors: filled.colors,
    status: filled.status,
    priceUs: filled.priceUs,
    removeShipmentCharge: filled.removeShipmentCharge,
    singleproduct: filled.singleproduct,
    soldOnOtherPlatform: filled.soldOnOtherPlatform,
    cardNumber: filled.cardNumber,
    createdAt: base.createdAt,
  };
  if (filled.priceCanada === undefined) delete product.priceCanada;
  else product.priceCanada = filled.priceCanada;
  delete product.size;
  delete product.sizeId;
  if (size) {
    product.sizeId = size.id;
    product.size = size.name;
  } else if (filled.size) product.size = filled.size;
  return product;
}
