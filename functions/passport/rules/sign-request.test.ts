import { describe, expect, it } from 'vitest';
import { toBase64url } from '#shared/passport/base64url.ts';
import { utf8 } from '#shared/passport/bytes.ts';
import { certificatePayload, jwsHeader, signingInput } from '#shared/passport/certificate.ts';
import { codeBody } from '#shared/passport/code.ts';
import { proofBody } from '#shared/passport/proof.ts';
import {
  encodeStatusList,
  STATUS_LIST_BLOCK,
  statusBits,
  statusListPayload,
  statusListSigningInput,
} from '#shared/passport/status-list.ts';
import * as z from '#shared/zod.ts';
import {
  certificateInputFields,
  checkpointBodyFields,
  codeBodyFields,
  proofBodyFields,
  proofDaysAllowed,
  proofDaysFrom,
  signRequestSchema,
  statusListInputFields,
} from './sign-request.ts';

const fields = {
  pieceId: 'p-01.a',
  number: 8,
  of: 12,
  collection: 'Évening Gowns',
  issued: '2026-11-27',
  digest: 'AAECAwQFBgcICQoLDA0ODw',
  kid: 'AAECAwQFBgc',
};
const body = codeBody(fields);
const accepts = (event: unknown) => z.safeParse(signRequestSchema, event).success;

describe('what the passport signer signs', () => {
  it('a card code body as codeBody writes it', () => {
    expect(codeBodyFields(body)).toEqual(fields);
    expect(accepts({ kind: 'sign-code', body })).toBe(true);
  });

  it('nothing else: not a code body, a non-canonical one, an impossible day, a whole code, other kinds', () => {
    const refused = [
      '',
      'hello',
      body.replace('c1.', 'c2.'),
      // A field encoded otherwise than codeBody does ('A' as %41): the same fields, other bytes.
      body.replace('p-01%2Ea', 'p-01%2E%61'),
      body.replace('20261127', '20260230'),
      body.replace('.8.12.', '.13.12.'),
      body.replace('.8.12.', '.08.12.'),
      `${body}.${'A'.repeat(86)}`,
      codeBody({ ...fields, collection: 'x'.repeat(41) }).replace('x'.repeat(40), 'x'.repeat(41)),
      body.replace(fields.kid, 'short'),
    ];
    for (const text of refused) {
      expect(codeBodyFields(text), text).toBeUndefined();
      expect(accepts({ kind: 'sign-code', body: text }), text).toBe(false);
    }
    expect(accepts({ kind: 'sign-proof', body })).toBe(false);
    expect(accepts({ kind: 'certificate', input: body })).toBe(false);
    expect(accepts({ kind: 'proof', body })).toBe(false);
    expect(accepts({ kind: 'sign-code', body, extra: 1 })).toBe(false);
    expect(accepts({ body })).toBe(false);
    expect(accepts('c1')).toBe(false);
  });
});

describe("a certificate's JWS signing input", () => {
  const kid = 'AAECAwQFBgc';
  const payload = certificatePayload({
    issuer: 'https://shop.example',
    validFrom: '2026-11-27T08:00:00.000Z',
    pieceId: 'p-1',
    collection: 'Soirée',
    number: 3,
    of: 12,
    description: 'Evening gown — black, white',
    photos: [{ sha256: 'ab'.repeat(32), path: '/media/authenticity/p-1.jpg' }],
  });
  const input = signingInput(jwsHeader(kid), payload);
  const part = (value: unknown) => toBase64url(utf8(JSON.stringify(value)));
  const [header = '', body = ''] = input.split('.');

  it('is signed when it is exactly what signingInput writes', () => {
    expect(certificateInputFields(input)).toEqual({ header: jwsHeader(kid), payload });
    expect(accepts({ kind: 'certificate', input })).toBe(true);
  });

  it('is refused otherwise: another header, extra or missing fields, a bad day, a whole JWS, a code', () => {
    const { credentialSubject: subject, ...top } = payload;
    const refused = [
      '',
      `${input}.${'A'.repeat(86)}`,
      `${part({ typ: 'vc+jwt', alg: 'ES256', kid })}.${body}`,
      `${part({ ...jwsHeader(kid), extra: 1 })}.${body}`,
      `${part(jwsHeader('short'))}.${body}`,
      `${header}.${part({ ...payload, owner: 'someone@example.com' })}`,
      `${header}.${part({ ...payload, credentialSubject: { ...subject, email: 'x@example.com' } })}`,
      `${header}.${part({ ...payload, credentialSubject: { ...subject, number: 13 } })}`,
      `${header}.${part({ ...payload, credentialSubject: { ...subject, description: 'x'.repeat(201) } })}`,
      `${header}.${part({ ...payload, credentialSubject: { ...subject, photos: [{ sha256: 'nope', path: '/m' }] } })}`,
      `${header}.${part({ ...payload, validFrom: '2026-11-27' })}`,
      `${header}.${part({ credentialSubject: subject, ...top })}`,
      `${header}.${part({ hello: 'world' })}`,
      body,
      codeBody({ ...fields, kid }),
    ];
    for (const text of refused) {
      expect(certificateInputFields(text), text).toBeUndefined();
      expect(accepts({ kind: 'certificate', input: text }), text).toBe(false);
    }
  });
});

describe("a certificate's status entry", () => {
  const kid = 'AAECAwQFBgc';
  const input = (statusIndex: number) =>
    signingInput(
      jwsHeader(kid),
      certificatePayload({
        issuer: 'https://shop.example',
        validFrom: '2026-11-27T08:00:00.000Z',
        pieceId: 'p-1',
        collection: 'Soirée',
        number: 3,
        of: 12,
        description: 'Evening gown',
        photos: [],
        statusIndex,
      }),
    );
  const part = (value: unknown) => toBase64url(utf8(JSON.stringify(value)));

  it('is signed as certificatePayload writes it: bit n of the shop’s list, purpose suspension', () => {
    const fields = certificateInputFields(input(41));
    expect(fields?.payload.credentialStatus).toEqual({
      id: 'https://shop.example/passport/status/list#41',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'suspension',
      statusListIndex: '41',
      statusListCredential: 'https://shop.example/passport/status/list',
    });
    expect(accepts({ kind: 'certificate', input: input(0) })).toBe(true);
  });

  it('is refused otherwise: another list, another purpose, an index as a number or padded, an extra field', () => {
    const [header = '', body = ''] = input(41).split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const status = payload.credentialStatus;
    const elsewhere = 'https://elsewhere.example/passport/status/list';
    for (const changed of [
      { ...status, statusListCredential: elsewhere, id: `${elsewhere}#41` },
      { ...status, statusPurpose: 'revocation' },
      { ...status, statusListIndex: 41 },
      { ...status, statusListIndex: '041', id: `${status.statusListCredential}#041` },
      { ...status, id: `${status.statusListCredential}#42` },
      { ...status, statusSize: 1 },
    ]) {
      const text = `${header}.${part({ ...payload, credentialStatus: changed })}`;
      expect(certificateInputFields(text), JSON.stringify(changed)).toBeUndefined();
    }
  });
});

describe("the status list credential's JWS signing input", () => {
  const kid = 'AAECAwQFBgc';
  const listInput = async (
    bits: Uint8Array,
    change: (payload: Record<string, unknown>) => unknown = (p) => p,
  ) => {
    const payload = statusListPayload({
      issuer: 'https://shop.example',
      validFrom: '2026-11-27T08:00:00.000Z',
      encodedList: await encodeStatusList(bits),
    });
    const [header = ''] = statusListSigningInput(kid, payload).split('.');
    return `${header}.${toBase64url(utf8(JSON.stringify(change(payload as unknown as Record<string, unknown>))))}`;
  };

  it('is signed when it is exactly what statusListSigningInput writes, of whole 16 KB blocks', async () => {
    for (const bits of [statusBits(1, [0]), statusBits(200_000, [3, 199_999])]) {
      const input = await listInput(bits);
      expect(statusListInputFields(input)?.header).toEqual(jwsHeader(kid));
      expect(accepts({ kind: 'status-list', input })).toBe(true);
    }
  });

  it('is refused otherwise: a short or odd-sized list, not GZIP, no multibase prefix, extra fields, revocation', async () => {
    const refused = [
      await listInput(new Uint8Array(STATUS_LIST_BLOCK - 1)),
      await listInput(new Uint8Array(STATUS_LIST_BLOCK + 1)),
      await listInput(statusBits(1, []), (p) => ({
        ...p,
        credentialSubject: {
          ...(p.credentialSubject as object),
          encodedList: `u${toBase64url(new Uint8Array(STATUS_LIST_BLOCK))}`,
        },
      })),
      await listInput(statusBits(1, []), (p) => ({
        ...p,
        credentialSubject: {
          ...(p.credentialSubject as object),
          encodedList: (p.credentialSubject as { encodedList: string }).encodedList.slice(1),
        },
      })),
      await listInput(statusBits(1, []), (p) => ({ ...p, validUntil: '2027-01-01T00:00:00.000Z' })),
      await listInput(statusBits(1, []), (p) => ({
        ...p,
        credentialSubject: { ...(p.credentialSubject as object), statusPurpose: 'revocation' },
      })),
      await listInput(statusBits(1, []), (p) => ({ ...p, validFrom: '2026-11-27' })),
      codeBody({ ...fields, kid }),
    ];
    for (const input of refused) {
      expect(statusListInputFields(input), input.slice(0, 80)).toBeUndefined();
      expect(accepts({ kind: 'status-list', input })).toBe(false);
    }
    expect(accepts({ kind: 'certificate', input: await listInput(statusBits(1, [])) })).toBe(false);
  });
});

describe("a resale proof's body", () => {
  const proof = {
    pieceId: 'p-1',
    since: '2026-10',
    expires: '2026-12-01',
    id: 'AAECAwQFBgcICQoLDA0ODw',
    kid: 'AAECAwQFBgc',
  };
  const text = proofBody(proof);

  it('is signed when it is exactly what proofBody writes', () => {
    expect(proofBodyFields(text)).toEqual(proof);
    expect(accepts({ kind: 'proof', body: text })).toBe(true);
  });

  it('is refused otherwise', () => {
    for (const bad of [
      '',
      text.replace('p1.', 'p2.'),
      `${text}.${'A'.repeat(86)}`,
      text.replace('202610', '202613'),
      text.replace('20261201', '20261231x'),
      body,
    ]) {
      expect(proofBodyFields(bad), bad).toBeUndefined();
      expect(accepts({ kind: 'proof', body: bad }), bad).toBe(false);
    }
  });

  it('lasts 1 to 30 days from the day it is signed', () => {
    expect(proofDaysFrom('2026-11-27', '2026-11-28')).toBe(1);
    expect(proofDaysFrom('2026-11-27', '2026-12-27')).toBe(30);
    expect([0, 1, 30, 31].map(proofDaysAllowed)).toEqual([false, true, true, false]);
  });
});

describe('a rotation', () => {
  it('names the staff member who asked, and nothing else', () => {
    expect(accepts({ kind: 'rotate', admin: 'staff-1' })).toBe(true);
    expect(accepts({ kind: 'rotate' })).toBe(false);
    expect(accepts({ kind: 'rotate', admin: '' })).toBe(false);
    expect(accepts({ kind: 'rotate', admin: 'staff-1', keyId: 'x' })).toBe(false);
  });
});

describe('the checkpoint bodies the signer accepts (before it compares them with the head)', () => {
  const root = Buffer.alloc(32, 7).toString('base64');
  const checkpoint = `shop.example/passport/log\n41\n${root}\n`;

  it('a note body as checkpointBody writes it', () => {
    expect(checkpointBodyFields(checkpoint)).toEqual({ origin: 'shop.example/passport/log', size: 41, root });
    expect(accepts({ kind: 'checkpoint', body: checkpoint })).toBe(true);
  });

  it('nothing else: a signed note, a short root, a leading zero, extra lines, no final newline', () => {
    for (const text of [
      `${checkpoint}\n— shop.example/passport/log AAAA\n`,
      checkpoint.replace(root, Buffer.alloc(31, 7).toString('base64')),
      checkpoint.replace('\n41\n', '\n041\n'),
      `${checkpoint}extension\n`,
      checkpoint.slice(0, -1),
      checkpoint.replace('shop.example', 'shop example'),
    ]) {
      expect(checkpointBodyFields(text), text).toBeUndefined();
      expect(accepts({ kind: 'checkpoint', body: text }), text).toBe(false);
    }
  });
});
