import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ADMIN_REQUEST_HEADER } from '#shared/admin.ts';
import { isRandomLookingCheckoutKey } from '#shared/checkout.ts';
import { INFO_TITLES } from '#shared/constants.ts';
import { type FuzzOperation, fromSchema, objectFrom } from './from-document.ts';
import {
  asText,
  clientAddress,
  encode,
  extraFieldName,
  headerSafe,
  hostileString,
  hostileValue,
  hugeString,
} from './hostile.ts';
import type { RawRequest } from './private-stack.ts';

/**
 * The fuzz's requests for one operation of the OpenAPI documents (support/from-document.ts): its
 * fields are the names its parameters and body schema give (so random values land where the code
 * looks), its valid requests are drawn from those schemas and mutated (so inputs get past the
 * first check and reach deeper code), and a field the fuzz knows by name gets real ids of the
 * fuzzed table too (Known). Nothing is listed per route.
 */
export interface Known {
  /** Real ids in the fuzzed table, by what they name. */
  types: string[];
  products: string[];
  sizes: string[];
  guides: string[];
  finders: string[];
  steps: string[];
  options: string[];
  images: string[];
  videos: string[];
  answers: string[];
  checkoutCodes: string[];
  memberEmails: string[];
  cardNumbers: string[];
  /** Every id above, for fields that may name anything. */
  all: string[];
}

type Fields = Record<string, unknown>;
type Json = Record<string, unknown>;

/**
 * Nearly always one address: about 1 request in 12 is valid (the rest are refused before any
 * count), so a default run of 300 sends some 20 valid ones from it, past a limit of 10.
 */
const mostlyOneAddress = fc.oneof(
  { weight: 9, arbitrary: fc.constant('127.251.0.2') },
  { weight: 1, arbitrary: clientAddress },
);

/**
 * The operations limited per client address that the fuzz sends mostly from one address, so its
 * run passes the limit and must see it refuse (test/fuzz/endpoints.test.ts). Not their inputs:
 * those come from the documents; every other operation is sent from random loopback addresses.
 */
export const FROM_ONE_ADDRESS: Record<string, fc.Arbitrary<string>> = {
  'POST /answers': mostlyOneAddress,
};

/** A key the server takes (random-looking: shared/checkout.ts), drawn from a hash so it shrinks. */
const checkoutKey = fc
  .nat()
  .map((n) => createHash('sha256').update(`checkout-key:${n}`).digest('base64url').slice(0, 32))
  .filter(isRandomLookingCheckoutKey);

const pick = (list: string[]) => (list.length > 0 ? fc.constantFrom(...list) : fc.uuid());

/**
 * A plausible value for a field, by its name: real ids, well-formed codes, in-range numbers, and
 * near misses; undefined for a name it knows nothing of (the schema's values then).
 */
function plausible(name: string, k: Known): fc.Arbitrary<unknown> | undefined {
  const idLike = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
  const anyId = fc.oneof(pick(k.all), fc.uuid(), idLike);
  const small = fc.integer({ min: -3, max: 12 });
  switch (name) {
    case 'id':
      return anyId;
    case 'pid':
    case 'pId':
      return fc.oneof(pick(k.products), pick(k.types), anyId);
    case 'tid':
    case 'typeId':
      return fc.oneof(pick(k.types), anyId);
    case 'ownerId':
      return fc.oneof(pick(k.products), pick(k.types));
    case 'sizeId':
      return fc.oneof(pick(k.sizes), anyId);
    case 'sizeFinderId':
      return fc.oneof(pick(k.finders), anyId);
    case 'stepsId':
      return fc.oneof(pick(k.steps), anyId);
    case 'imageId':
      return fc.oneof(pick(k.images), anyId);
    case 'ids':
      return fc.array(fc.oneof(pick(k.images), anyId), { maxLength: 12 });
    case 'checkoutCode':
      return fc.oneof(pick(k.checkoutCodes), fc.uuid());
    case 'checkoutKey':
      return checkoutKey;
    case 'token':
      return fc.stringMatching(/^[\w-]{43}$/);
    case 'gender':
      return fc.constantFrom(0, 1, 2, 3, -1, '0', '1', '2', '00', '11', '3');
    case 'type':
      return fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 0, '1', '3', 'imageUrl', 'largeImgUrl');
    case 'offset':
    case 'pageSize':
    case 'index':
    case 'numberOfSteps':
    case 'areaAmount':
      return fc.oneof(small, fc.integer({ min: -100, max: 1_000_001 }), small.map(String));
    case 'size':
    case 'price':
    case 'priceUs':
    case 'priceCanada':
    case 'amount':
    case 'shippingFee':
    case 'discountAmount':
    case 'fromCm':
    case 'toCm':
    case 'fromInches':
    case 'toInches':
      return fc.oneof(
        fc.integer({ min: -10, max: 200_000_000 }),
        fc.double({ min: -1, max: 1e6, noNaN: true }),
        fc.constantFrom('12.5', '$1,200', '1e3'),
      );
    case 'email':
    case 'emailBilling':
      return fc.oneof(
        fc.emailAddress(),
        pick(k.memberEmails),
        fc.constantFrom('skip', 'a@b', '@x.y', 'a@b.c '),
      );
    case 'filter':
      return fc.constantFrom('all', 'unanswered', 'overdue', '', 'ALL');
    case 'again':
      return fc.constantFrom(true, false, 'true', 1, null);
    case 'replyId':
      return fc.oneof(fc.uuid(), idLike);
    case 'note':
      return fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 1001, maxLength: 1100 }));
    case 'cardNumber':
      return fc.oneof(
        { weight: 4, arbitrary: pick(k.cardNumbers.slice(0, 3)) },
        { weight: 1, arbitrary: fc.stringMatching(/^\d{16}$/) },
        { weight: 2, arbitrary: fc.constantFrom('4111 2222 3333 4444', '4111-2222', '41112222333344445') },
      );
    case 'password':
    case 'pwd':
    case 'pass':
      return fc.string({ minLength: 1, maxLength: 20 });
    case 'user':
      return fc.constantFrom('demo-admin', 'admin', 'root', 'Demo-Admin');
    case 'url':
      return fc.oneof(
        fc.uuid().map((u) => `s3/collection_images/${u}.png`),
        fc.uuid().map((u) => `s3/videos/${u}.mp4`),
        fc.constantFrom(
          'https://evil.example/x.png',
          's3/authenticity/p-aurora-08-1.jpg',
          'collection_images/x.png',
        ),
      );
    case 'urls':
    case 'womenImages':
    case 'menImages':
      return fc.array(plausible('url', k) as fc.Arbitrary<unknown>, { maxLength: 12 });
    case 'colors':
    case 'colours':
    case 'colour':
    case 'color':
    case 'colorComb':
      return fc.oneof(
        fc.constantFrom('black,white', '{black,white}', '{}', 'black', ','),
        fc.array(fc.constantFrom('black', 'white', 'ivory', ''), { maxLength: 4 }),
      );
    case 'title':
      return fc.constantFrom(...INFO_TITLES, 'password', 'discountCode', 'authPortalText', 'pk');
    case 'result':
      return fc.dictionary(
        fc.constantFrom('0', '1', '999', '1000', 'x'),
        fc.record({ shortName: fc.string({ maxLength: 5 }), val: fc.string({ maxLength: 5 }) }),
      );
    case 'prices':
      return fc.array(
        fc.record({
          countryId: fc.constantFrom('CA', 'US', 'FR', 'ZZ'),
          price: fc.oneof(fc.integer(), fc.constant(null)),
        }),
        { maxLength: 4 },
      );
    case 'country':
    case 'countryBilling':
    case 'countryId':
      return fc.constantFrom('CA', 'US', 'FR', 'ZZ', 'ca', '');
    case 'state':
    case 'stateBilling':
      return fc.constantFrom('BC', 'ON', 'QC', 'CA', 'NY', 'XX', '');
    case 'kind':
      return fc.constantFrom('image', 'video', 'authenticity', 'document');
    case 'contentType':
      return fc.constantFrom(
        'image/png',
        'image/svg+xml',
        'text/html',
        'video/mp4',
        'application/x-msdownload',
      );
    case 'paymentType':
      return fc.constantFrom('1', '2', '3', 1);
    case 'hasBilling':
    case 'removeImage':
    case 'removeVideo':
    case 'removeShipmentCharge':
    case 'singleproduct':
    case 'soldOnOtherPlatform':
    case 'authorise':
      return fc.constantFrom('later', 'now', '', 'LATER');
    case 'singlecollection':
    case 'issoldout':
    case 'preSale':
    case 'discount':
    case 'status':
      return fc.constantFrom(true, false, 'true', 'false', '1', '0', 1, 0, 2);
    default:
      return undefined;
  }
}

/**
 * A value for a field of a request meant to be taken: a real id of the fuzzed table (or a known
 * account) for a field naming one, by its name; undefined for other names (the schema's then).
 * Known accounts, as before: their limits soon answer 429 without a password hash's cost.
 */
function real(name: string, k: Known): fc.Arbitrary<unknown> | undefined {
  switch (name) {
    case 'id':
      return pick(k.all);
    case 'pid':
    case 'pId':
    case 'ownerId':
      return pick(k.products);
    case 'tid':
    case 'typeId':
      return pick(k.types);
    case 'sizeId':
      return pick(k.sizes);
    case 'sizeFinderId':
      return pick(k.finders);
    case 'stepsId':
      return pick(k.steps);
    case 'imageId':
      return pick(k.images);
    case 'checkoutCode':
      return pick(k.checkoutCodes);
    case 'checkoutKey':
      return checkoutKey;
    case 'cardNumber':
      return pick(k.cardNumbers.slice(0, 3));
    case 'user':
      return fc.constantFrom('demo-admin', 'admin', 'root');
    default:
      return undefined;
  }
}

/** A field's value from its schema, or (more often, when there is one) a plausible one by its name. */
function fieldValue(name: string, schema: Json | undefined, k: Known): fc.Arbitrary<unknown> {
  const known = plausible(name, k);
  const valid = schema ? fromSchema(schema, 1) : undefined;
  if (known && valid) return fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: valid });
  return known ?? valid ?? fc.string({ maxLength: 30 });
}

type Edit = { op: 'set'; name: string; value: unknown } | { op: 'drop'; name: string };

/**
 * Fields for one request, from an object schema (the query's parameters or the JSON body): a
 * valid request from the schema, mutated; random known fields; or none, with extra ones.
 */
function fieldsArb(schema: Json | undefined, k: Known, maxHuge: number): fc.Arbitrary<Fields> {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const names = Object.keys(properties).length > 0 ? Object.keys(properties) : ['id'];
  const field = fc.constantFrom(...names);
  const value = (name: string) =>
    fc.oneof(
      { weight: 1, arbitrary: fieldValue(name, properties[name], k) },
      { weight: 1, arbitrary: hostileValue(maxHuge) },
    );
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    {
      weight: 3,
      arbitrary: field.chain((name) => value(name).map((v) => ({ op: 'set' as const, name, value: v }))),
    },
    { weight: 1, arbitrary: field.map((name) => ({ op: 'drop' as const, name })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(extraFieldName, hostileValue(200))
        .map(([name, v]) => ({ op: 'set' as const, name, value: v })),
    },
  );
  const start: fc.Arbitrary<Fields> = fc.oneof(
    // A request the schema takes (its required fields and some others), real ids where named.
    ...(schema
      ? [{ weight: 2, arbitrary: objectFrom(schema, 0, (n, s) => real(n, k) ?? fromSchema(s, 1)) }]
      : []),
    {
      weight: 2,
      arbitrary: fc
        .subarray(names)
        .chain((chosen) =>
          fc.tuple(...chosen.map((n) => fieldValue(n, properties[n], k))).map((vs) => zip(chosen, vs)),
        ),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  return fc.tuple(start, fc.array(edit, { minLength: 0, maxLength: 3 })).map(([base, edits]) => {
    const out: Fields = { ...base };
    for (const e of edits) {
      if (e.op === 'drop') delete out[e.name];
      else
        Object.defineProperty(out, e.name, {
          value: e.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return out;
  });
}

const zip = (names: string[], values: unknown[]): Fields =>
  Object.fromEntries(names.map((n, i) => [n, values[i]]));

/** A query string built from fields, or a malformed one. */
function queryArb(fields: fc.Arbitrary<Fields>): fc.Arbitrary<string> {
  const built = fields.map((f) =>
    Object.entries(f)
      .flatMap(([name, value]) =>
        Array.isArray(value) && value.length < 20
          ? value.map((v) => `${encode(name)}=${encode(asText(v))}`)
          : [`${encode(name)}=${encode(asText(value))}`],
      )
      .join('&'),
  );
  const malformed = fc.constantFrom(
    '%',
    '%zz',
    '%C0%AF',
    '%FF%FE',
    '&&&',
    '=x',
    'a=%E0%A4%A',
    'id',
    'id=&id=',
    '?',
  );
  return fc.oneof(
    { weight: 6, arbitrary: built },
    { weight: 1, arbitrary: fc.tuple(built, malformed).map(([a, b]) => (a ? `${a}&${b}` : b)) },
  );
}

export interface Body {
  body?: string | Buffer;
  contentType?: string;
}

/** A body: JSON of the fields, JSON that is not an object, text that is not JSON, bytes, or none. */
function bodyArb(fields: fc.Arbitrary<Fields>, maxHuge: number): fc.Arbitrary<Body> {
  const jsonType = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'application/vnd.api+json',
  );
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(fields, jsonType)
        .map(([f, contentType]) => ({ body: JSON.stringify(f), contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, fc.constantFrom('1e999', '123456789012345678901234567890', '-0', '1.0e-400'))
        .map(([f, raw]) => ({
          // A number JSON.parse cannot hold exactly, in place of the first field's value.
          body: JSON.stringify({ ...f, amount: '__RAW__' }).replace('"__RAW__"', raw),
          contentType: 'application/json',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom('null', '[]', '0', '"x"', 'true', '[{}]', '{"a":{"b":{"c":{}}}}'),
          fc.integer({ min: 2, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
          fc.integer({ min: 2, max: 20_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
        )
        .map((body) => ({ body, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom(
              '{',
              '{"a":',
              '}',
              "{'a':1}",
              'x=1&y=2',
              '<?xml version="1.0"?><a/>',
              '\u0000',
              '',
            ),
            hostileString(maxHuge),
          ),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
        )
        .map(([body, contentType]) => ({ body, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ maxLength: 200 }),
          fc.constantFrom(
            'application/octet-stream',
            'image/png',
            'multipart/form-data; boundary=x',
            'application/json',
          ),
        )
        .map(([bytes, contentType]) => ({ body: Buffer.from(bytes), contentType })),
    },
    {
      weight: 1,
      arbitrary: hugeString(maxHuge * 40).map((s) => ({
        body: JSON.stringify({ name: s }),
        contentType: 'application/json',
      })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** A value for a path parameter ({id}): valid by its schema, a real id, hostile, or a raw form. */
function pathParamArb(k: Known, schema: Json): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fromSchema(schema).map((v) => encode(asText(v))) },
    { weight: 2, arbitrary: fc.oneof(pick(k.all), pick(k.checkoutCodes), fc.uuid()).map(encode) },
    { weight: 4, arbitrary: hostileString(500).map(encode) },
    // Raw forms: a slash, dot segments, and encodings a decoder could trip on.
    {
      weight: 1,
      arbitrary: fc.constantFrom('..', '.', '%2e%2e', '%2F', 'a%2Fb', '%252F', '%00', '%20', '%C3%A9'),
    },
  );
}

export type Variant =
  | { kind: 'anonymous' }
  | { kind: 'admin-session'; cookie: string }
  | { kind: 'no-admin-session'; ownerCookie: string; staleAdminCookie: string }
  | { kind: 'owner-session'; cookie: string }
  | { kind: 'no-owner-session'; adminCookie: string }
  | { kind: 'bad-signature' };

/** Cookies a caller without a (valid) session might send. */
function strangerCookie(extra: string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    ...(extra.length > 0 ? [fc.constantFrom(...extra)] : []),
    fc.stringMatching(/^[\w-]{43}$/).map((t) => `__Host-admin=${t}`),
    fc.stringMatching(/^[\w-]{43}$/).map((t) => `__Host-owner=${t}`),
    hostileString(2_000).map((t) => `__Host-admin=${headerSafe(t)}`),
    hostileString(2_000).map((t) => headerSafe(t)),
    fc.constantFrom(
      '__Host-admin=',
      '__Host-admin',
      '=;=;',
      '__Host-admin=a; __Host-admin=b',
      'admin=1; role=admin',
    ),
  );
}

/** Headers a hostile client adds: a cross-site origin, spoofed addresses, odd admin headers. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost', 'not a url'),
        'sec-fetch-site': fc.constantFrom('cross-site', 'same-site', 'none', 'same-origin', 'x'),
        'x-forwarded-for': fc.constantFrom('1.2.3.4', '127.0.0.1, 10.0.0.1'),
        'cloudfront-viewer-address': fc.constantFrom('1.2.3.4:443', '::1:80'),
        'x-origin-verify': fc.string({ maxLength: 40 }).map(headerSafe),
        [ADMIN_REQUEST_HEADER]: fc.constantFrom('1', '0', 'true', ''),
      },
      { requiredKeys: [] },
    ),
  },
);

/** Webhook signature headers: missing, random, well-formed but signed with the wrong secret. */
function webhookHeaders(op: FuzzOperation): fc.Arbitrary<Record<string, string>> {
  if (op.path === '/webhooks/stripe') {
    return fc.oneof(
      fc.constant({}),
      hostileString(500).map((s) => ({ 'stripe-signature': headerSafe(s) })),
      fc
        .tuple(fc.integer({ min: 0, max: 2 ** 40 }), fc.stringMatching(/^[0-9a-f]{64}$/))
        .map(([t, v1]) => ({ 'stripe-signature': `t=${t},v1=${v1}` })),
      fc
        .stringMatching(/^[0-9a-f]{64}$/)
        .map((v1) => ({ 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${v1}` })),
    );
  }
  const names = [
    'paypal-transmission-id',
    'paypal-transmission-time',
    'paypal-transmission-sig',
    'paypal-cert-url',
    'paypal-auth-algo',
  ];
  return fc.oneof(
    fc.constant({}),
    fc
      .tuple(...names.map(() => fc.oneof(fc.constant(undefined), hostileString(300).map(headerSafe))))
      .map((values) =>
        Object.fromEntries(
          names.flatMap((n, i) => (values[i] === undefined ? [] : [[n, values[i] as string]])),
        ),
      ),
    fc.constant(
      Object.fromEntries(
        names.map((n) => [n, n === 'paypal-cert-url' ? 'https://evil.example/cert.pem' : 'x']),
      ),
    ),
  );
}

const MAX_URL = 10_000;

export interface FuzzRequest extends RawRequest {
  from: string;
}

/** Every request the fuzzer sends to one operation under one way of calling it. */
export function requestArb(
  op: FuzzOperation,
  variant: Variant,
  k: Known,
  maxHuge: number,
): fc.Arbitrary<FuzzRequest> {
  const queryFields = fieldsArb(op.query, k, maxHuge);
  const bodyFields = op.body ? fieldsArb(op.body, k, maxHuge) : queryFields;
  const readsBody = op.method !== 'GET';
  const query = fc.oneof(
    { weight: readsBody && !op.query ? 1 : 6, arbitrary: queryArb(queryFields) },
    { weight: readsBody && !op.query ? 3 : 1, arbitrary: fc.constant('') },
  );
  const body = readsBody
    ? bodyArb(bodyFields, maxHuge)
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant<Body>({}) },
        { weight: 1, arbitrary: bodyArb(bodyFields, maxHuge) },
      );
  const path =
    op.pathParams.length > 0
      ? fc
          .tuple(...op.pathParams.map((p) => pathParamArb(k, p.schema)))
          .map((values) =>
            op.pathParams.reduce((at, p, i) => at.replace(`{${p.name}}`, values[i] ?? ''), op.path),
          )
      : fc.constant(op.path);

  let auth: fc.Arbitrary<Record<string, string>>;
  switch (variant.kind) {
    case 'admin-session':
      auth = fc.constant({
        cookie: variant.cookie,
        ...(op.method === 'GET' ? {} : { [ADMIN_REQUEST_HEADER]: '1' }),
      });
      break;
    case 'owner-session':
      auth = fc.constant({ cookie: variant.cookie });
      break;
    case 'no-admin-session':
      auth = fc
        .tuple(strangerCookie([variant.ownerCookie, variant.staleAdminCookie]), fc.boolean())
        .map(([cookie, header]) => ({
          ...(cookie ? { cookie } : {}),
          ...(header ? { [ADMIN_REQUEST_HEADER]: '1' } : {}),
        }));
      break;
    case 'no-owner-session':
      auth = strangerCookie([variant.adminCookie]).map(
        (cookie): Record<string, string> => (cookie ? { cookie } : {}),
      );
      break;
    case 'bad-signature':
      auth = webhookHeaders(op);
      break;
    default:
      auth = strangerCookie([]).map((cookie): Record<string, string> => (cookie ? { cookie } : {}));
  }

  return fc
    .record({ path, query, body, auth, extra: extraHeaders, from: FROM_ONE_ADDRESS[op.key] ?? clientAddress })
    .map((r) => {
      const headers: Record<string, string> = { ...r.extra, ...r.auth };
      if (r.body.contentType) headers['content-type'] = r.body.contentType;
      // Node's HTTP server (the local gateway) refuses a request line and headers over 16 KB with
      // an empty 431 before any handler runs; API Gateway has its own, similar limit.
      const query = r.query.slice(0, Math.max(0, MAX_URL - r.path.length));
      return {
        method: op.method,
        ...(op.under === '/' ? { root: true } : {}),
        path: query ? `${r.path}?${query}` : r.path,
        headers,
        ...(r.body.body === undefined ? {} : { body: r.body.body }),
        from: r.from,
      };
    });
}
