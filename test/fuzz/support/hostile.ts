import fc from 'fast-check';

/**
 * Random and hostile values for request fields: wrong types, huge and empty strings, unicode
 * (combining marks, emoji, right-to-left marks, lone surrogates), injection strings (SQL,
 * NoSQL operators, prototype pollution, path traversal, HTML, templates, CRLF), the table's
 * own key syntax, bad ids, negative and enormous numbers.
 */
export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE boutique; --",
  '" OR ""="',
  '1 UNION SELECT password FROM admins',
  "admin'--",
  '{"$gt":""}',
  '{"$ne":null}',
  '$where',
  'this.password.match(/.*/)',
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[admin]',
  'constructor.prototype.admin',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd\u0000.png',
  's3/../../authenticity/secret.png',
  'collection_images/../authenticity/x.png',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(document.cookie)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '%s%s%s%n',
  '\r\nSet-Cookie: __Host-admin=x',
  '\u0000',
  '\u0000\u0001\u0002',
  '#TYPE',
  'TYPE#x',
  'LIMIT#admin-login-account#demo-admin',
  'SESSION#x',
  'ADMIN#demo-admin',
  'PRODUCT#',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  'false',
  '[]',
  '{}',
  '0x1F',
  '1e309',
  '-0',
  '-1',
  '٣',
  '１２３',
  '0000000000000000',
  '9999999999999999999999999999',
  'ﬀ',
  'İ',
  'ß',
  '𝒜𝒷𝒸',
  '👩‍👩‍👧‍👦',
  '\u202eevil',
  '\ufeff',
  'A\u0301\u0301\u0301',
  '\ud800',
  '\udfff\ud800',
  '',
  ' ',
  '\t\n\r',
] as const;

/** Long strings; `max` keeps query strings under the gateway's 16 KB header limit where needed. */
export const hugeString = (max: number) =>
  fc
    .tuple(fc.integer({ min: Math.min(257, max), max }), fc.constantFrom('x', 'é', '👩‍👩‍👧‍👦', '9', '<', ' '))
    .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)));

export const hostileString = (maxHuge = 8_000) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    // Any UTF-16 code unit, lone surrogates included.
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: hugeString(maxHuge) },
  );

export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    2.5,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    10_000,
    100_000_001,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileObject = fc.oneof(
  fc.constant({ $gt: '' }),
  fc.constant({ $ne: null }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown),
  fc.constant({ constructor: { prototype: { admin: true } } }),
  fc.constant({ toString: 'x', valueOf: 1 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

/** Any JSON value a hostile client might put where a field is expected. */
export const hostileValue = (maxHuge = 8_000): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 5, arbitrary: hostileString(maxHuge) },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(fc.oneof(hostileString(100), hostileNumber), { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.array(fc.constant('s3/x.png'), { minLength: 11, maxLength: 2_000 }) },
    { weight: 1, arbitrary: hostileObject },
  );

/** Extra field names a client might slip into a request. */
export const extraFieldName = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'admin',
    'isAdmin',
    'role',
    'status',
    'paid',
    'amount',
    'finalPrice',
    'pk',
    'sk',
    'gsi1pk',
    'kind',
    'passwordHash',
    'credentialVersion',
    '$where',
    'username',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** A loopback client address (127.x.y.z), so per-address limits are spread over many clients. */
export const clientAddress = fc
  .tuple(fc.integer({ min: 1, max: 250 }), fc.nat(255), fc.integer({ min: 2, max: 250 }))
  .map(([a, b, c]) => `127.${a}.${b}.${c}`);

/** Percent-encodes every byte that is not unreserved; lone surrogates go out as U+FFFD. */
export function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A field value as it travels in a query string. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Printable ASCII only: what an HTTP header value may carry (Node refuses the rest). */
export const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 3_000);
