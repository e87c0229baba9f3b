import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { getProductCollection, getType, listCollectionPieces, type ProductEntity } from '#catalog/index.ts';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import { S3_URL_PREFIX } from '#shared/media.ts';
import { fromBase64url } from '#shared/passport/base64url.ts';
import {
  assembleJws,
  certificateDigest,
  certificatePayload,
  jwsHeader,
  type Photo,
  signingInput,
} from '#shared/passport/certificate.ts';
import { type CodeFields, codeBody, codeText } from '#shared/passport/code.ts';
import { verifyCertificate, verifyFragment } from '#shared/passport/verify.ts';
import { auditedWrite } from '#table/audit.ts';
import { transact } from '#table/transactions.ts';
import { publishedPhotograph } from './adapters/photo-digests.ts';
import { type CertificateEntity, firstCertificateItem, newCertificateItem } from './entities/certificate.ts';
import { pendingEntryItem } from './entities/log-items.ts';
import { issuer } from './issuer.ts';
import { keySet, signingKid } from './key-set.ts';
import { SIGNER_UNAVAILABLE, signCertificateInput, signCodeBody } from './signer.ts';
import { statusIndexOf } from './status-index.ts';

/**
 * Issuing a piece's certificate and card code (docs/passport.md, The certificate, The code): at
 * registration, and again on demand by staff (a re-issue: a new certificate, a new code). Both
 * are signed by the passport signer and checked with the page's own verifier before anything
 * is stored; the certificate and its `issue` log entry are written in one transaction.
 */

/** The piece's number and its collection's size: its place among the collection's pieces by creation. */
async function placeInCollection(product: ProductEntity): Promise<{ number: number; of: number }> {
  if (!product.typeId) return { number: 1, of: 1 };
  const pieces = await listCollectionPieces(product.typeId);
  // The index may not show a piece created a moment ago yet.
  if (!pieces.some((piece) => piece.id === product.id)) pieces.push(product);
  pieces.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { number: pieces.findIndex((piece) => piece.id === product.id) + 1, of: pieces.length };
}

/** The stored originals (`s3/…`) of the piece's authenticity photographs, in the order the owner sees them. */
const photographSources = (images: { type: number; index: number; url: string }[]): string[] =>
  images
    .filter((image) => image.type === IMAGE_TYPE.authenticity && image.url.startsWith(S3_URL_PREFIX))
    .sort((a, b) => a.index - b.index)
    .map((image) => image.url);

/** Each authenticity photograph's SHA-256 and published path, in the order of its sources. */
function photographs(pid: string, sources: string[]): Promise<Photo[]> {
  return Promise.all(sources.map((url) => publishedPhotograph(pid, url.slice(S3_URL_PREFIX.length))));
}

/** Another issue (a job run or the registration) wrote the piece's first certificate meanwhile. */
export class CertificateAlreadyIssued extends Error {
  constructor(pid: string) {
    super(`the piece ${pid} already has its first certificate`);
    this.name = 'CertificateAlreadyIssued';
  }
}

/** Asks the signer; any failure of it (or of what it answered) is the one 503. */
async function signed<T>(what: string, sign: () => Promise<T>): Promise<T> {
  try {
    return await sign();
  } catch (error) {
    logger.error(`the passport signer did not sign the ${what}`, { error: safeError(error) });
    throw httpError(503, SIGNER_UNAVAILABLE);
  }
}

/**
 * Issues the piece's certificate; undefined for an unknown piece. `admin` when staff do it (the
 * write is audited); none at registration, whose own write is. `first` (registration, the job):
 * only if the piece has no certificate yet, else CertificateAlreadyIssued and nothing written.
 */
export async function issueCertificate(
  pid: string,
  options: { admin?: string; now?: number; first?: boolean } = {},
): Promise<CertificateEntity | undefined> {
  const { product, images } = await getProductCollection(pid);
  if (!product) return undefined;
  const sources = photographSources(images);
  const [place, type, photos, firstKid, statusIndex] = await Promise.all([
    placeInCollection(product),
    product.typeId ? getType(product.typeId, ['name']) : undefined,
    photographs(pid, sources),
    signed('key id', signingKid),
    // Its bit in the lost-or-stolen status list: given once, named by every certificate of the piece.
    statusIndexOf(pid),
  ]);
  const validFrom = new Date(options.now ?? Date.now()).toISOString();
  const collection = type?.name ?? product.typeName ?? '';
  const payload = certificatePayload({
    issuer: issuer(),
    validFrom,
    pieceId: pid,
    collection,
    ...place,
    description: [product.name, product.colors.filter(Boolean).join(', ')].filter(Boolean).join(' — '),
    photos,
    statusIndex,
  });
  const signWith = async (kid: string) => {
    const input = signingInput(jwsHeader(kid), payload);
    const jws = await signed('certificate', async () =>
      assembleJws(input, fromBase64url((await signCertificateInput(input)).signature) as Uint8Array),
    );
    const digest = await certificateDigest(jws);
    const fields: CodeFields = {
      pieceId: pid,
      ...place,
      collection,
      issued: validFrom.slice(0, 10),
      digest,
      kid,
    };
    const body = codeBody(fields);
    const code = codeText(body, (await signed('code', () => signCodeBody(body))).signature);
    await signed('certificate and code (checked against the published keys)', async () => {
      const keys = await keySet();
      const [codeVerdict, certificateVerdict] = await Promise.all([
        verifyFragment(code, keys),
        verifyCertificate(jws, keys, fields),
      ]);
      if (!codeVerdict.ok || !certificateVerdict.ok)
        throw new Error(
          `the signed passport does not verify: code ${JSON.stringify(codeVerdict)}, certificate ${JSON.stringify(certificateVerdict)}`,
        );
    });
    return { jws, digest, code, kid };
  };
  let passport: Awaited<ReturnType<typeof signWith>>;
  try {
    passport = await signWith(firstKid);
  } catch (error) {
    // Staff rotated the key between its read and the signing: once more, with the new key.
    const now = await signingKid().catch(() => firstKid);
    if (now === firstKid) throw error;
    passport = await signWith(now);
  }
  const { jws, digest, code, kid } = passport;
  const certificate: CertificateEntity = {
    kind: 'passportCertificate',
    pid,
    jws,
    code,
    digest,
    kid,
    issuedAt: validFrom,
    photos: photos.length,
    sources,
  };
  const items = [
    newCertificateItem(certificate),
    pendingEntryItem({ time: validFrom, kind: 'issue', piece: pid, owner: null, cert: digest }),
    ...(options.first ? [firstCertificateItem(pid, validFrom)] : []),
  ];
  if (options.admin) {
    const { jws: _jws, ...after } = certificate;
    await auditedWrite(items, {
      admin: options.admin,
      action: 'issue',
      entity: 'passport certificate',
      entityId: pid,
      after,
    });
  } else {
    try {
      await transact(items);
    } catch (error) {
      const first = items.length - 1;
      if (
        options.first &&
        error instanceof TransactionCanceledException &&
        error.CancellationReasons?.[first]?.Code === 'ConditionalCheckFailed'
      )
        throw new CertificateAlreadyIssued(pid);
      throw error;
    }
  }
  return certificate;
}
