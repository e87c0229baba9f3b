import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkConsistency,
  verifyCertificate,
  verifyFragment,
  verifyHistory,
} from '#shared/passport/verify.ts';
import {
  CERTIFICATE_REFUSALS,
  CONSISTENCY_REFUSALS,
  dayText,
  FRAGMENT_REFUSALS,
  fragmentSentence,
  HISTORY_REFUSALS,
  historySentences,
  monthText,
  notCheckedSentence,
  ONLINE_CHECKS,
  photoSentence,
  refusalStep,
  witnessSentence,
} from '../../web/src/verify/wording.ts';
import {
  buildLog,
  checkpointOf,
  historyOf,
  issuePiece,
  mapProofOf,
  signCode,
  signResaleProof,
} from '../passport/fixtures.ts';
import { keySet, makeTestKey, type TestKey } from '../passport/signing.ts';

/**
 * What the /verify page says for each verdict of shared/passport/verify.ts, the verdicts made
 * by the real verifier from real (test-key) passports.
 */
const PIECE = {
  pieceId: 'p-0042',
  collection: 'Soirée',
  number: 8,
  of: 12,
  validFrom: '2026-03-02T10:00:00.000Z',
};
const PROOF = { pieceId: 'p-0042', since: '2026-05', expires: '2026-12-05', id: 'Q'.repeat(22) };

let signer: TestKey;
let stranger: TestKey;
let later: TestKey;

beforeAll(async () => {
  signer = await makeTestKey('2026-01-01T00:00:00.000Z');
  stranger = await makeTestKey('2026-01-01T00:00:00.000Z');
  later = await makeTestKey('2026-06-01T00:00:00.000Z');
});

const sentences = (record: Record<string, string>) => Object.values(record);

describe('the verdict, in one plain sentence', () => {
  it('says Authentic: piece n of of, the collection and the issue day, for a genuine code', async () => {
    const { code } = await issuePiece(PIECE, signer);
    expect(fragmentSentence(await verifyFragment(code, keySet(signer)))).toBe(
      'Authentic: piece 8 of 12 of collection Soirée, issued on 2 March 2026.',
    );
  });

  it('says who owns the piece since when and until when the proof holds, for a genuine resale proof', async () => {
    const proof = await signResaleProof({ ...PROOF, kid: signer.key.kid }, signer);
    const verdict = await verifyFragment(proof, keySet(signer), { now: new Date('2026-12-01T00:00:00Z') });
    // Offline the proof carries only the piece's internal id, which is never said: "this piece".
    expect(fragmentSentence(verdict)).toBe(
      'Authentic: the holder of this link owns this piece since May 2026; valid until 5 December 2026 (00:00 UTC).',
    );
    // Online, as its certificate describes it.
    const piece = {
      description: 'Evening bag in black satin, gold clasp',
      collection: 'Soirée',
      number: 8,
      of: 12,
    };
    expect(fragmentSentence(verdict, piece)).toBe(
      'Authentic: the holder of this link owns “Evening bag in black satin, gold clasp”, piece 8 of 12 of collection Soirée, since May 2026; valid until 5 December 2026 (00:00 UTC).',
    );
  });

  it('says what to do next for a forged or altered code and a void proof, and nothing more for a mistyped link or an expired proof', async () => {
    const { code, fields } = await issuePiece(PIECE, signer);
    const proof = await signResaleProof({ ...PROOF, kid: signer.key.kid }, signer);
    const keys = keySet(signer, later);
    const step = async (fragment: string, options = {}) =>
      refusalStep(await verifyFragment(fragment, keys, options));
    expect(await step(code)).toBeUndefined();
    expect(await step('hello')).toBeUndefined();
    expect(await step(code.replace('.8.12.', '.9.12.'))).toBe('forged');
    expect(await step(await signCode({ ...fields, kid: stranger.key.kid }, stranger))).toBe('forged');
    expect(await step(proof, { now: new Date('2026-12-01T00:00:00Z'), voided: true })).toBe('voided');
    expect(await step(proof, { now: new Date('2026-12-06T00:00:00Z') })).toBeUndefined();
  });

  it('says exactly why not, for each verdict of a code or a proof', async () => {
    const { code, fields } = await issuePiece(PIECE, signer);
    const proof = await signResaleProof({ ...PROOF, kid: signer.key.kid }, signer);
    const keys = keySet(signer, later);
    const said = async (fragment: string, options = {}) =>
      fragmentSentence(await verifyFragment(fragment, keys, options));
    expect(await said('hello')).toBe(
      'Not a passport code: the link is incomplete or was changed; scan the card or open the link again.',
    );
    expect(await said(await signCode({ ...fields, kid: stranger.key.kid }, stranger))).toBe(
      'Not authentic: this code is signed with a key the shop has never published.',
    );
    expect(await said(code.replace('.8.12.', '.9.12.'))).toBe(
      'Not authentic: the signature does not match what the code says, so the code was altered or forged.',
    );
    // Signed by a key that began signing after the day the code gives.
    expect(await said(await signCode({ ...fields, kid: later.key.kid }, later))).toBe(
      'Not authentic: the key that signed this code was not the shop’s signing key on the date the code gives.',
    );
    expect(await said(proof, { now: new Date('2026-12-05T00:00:00Z') })).toBe(
      'This resale proof has expired: ask the owner for a new one.',
    );
    expect(await said(proof, { now: new Date('2026-12-01T00:00:00Z'), voided: true })).toBe(
      'Void: the piece was transferred since this resale proof was made.',
    );
  });

  it('has one sentence for each reason a certificate, a history or the log fails, all different', async () => {
    for (const record of [FRAGMENT_REFUSALS, CERTIFICATE_REFUSALS, HISTORY_REFUSALS, CONSISTENCY_REFUSALS]) {
      const texts = sentences(record);
      expect(new Set(texts).size).toBe(texts.length);
      for (const text of texts) {
        expect(text, text).toMatch(/^[A-Z].*\.$/);
        expect(text, 'one sentence').not.toMatch(/\. [A-Z]/);
      }
    }
    // The real verifier's refusals map to these sentences.
    const { certificate, fields } = await issuePiece(PIECE, signer);
    const other = await verifyCertificate(certificate, keySet(signer), { ...fields, digest: 'A'.repeat(22) });
    expect(other.ok || CERTIFICATE_REFUSALS[other.reason]).toBe(
      'The certificate the shop serves is not the one this code was made for.',
    );
    const log = await buildLog([
      { kind: 'issue', piece: 'p-0042', time: PIECE.validFrom, cert: fields.digest },
    ]);
    const checkpoint = await checkpointOf(log.leaves, signer);
    const items = await historyOf(log, 'p-0042', checkpoint);
    const unknown = await verifyHistory(items, checkpoint, keySet(stranger), {
      pieceId: 'p-0042',
      map: await mapProofOf(log, 'p-0042', checkpoint),
    });
    expect(unknown.ok || HISTORY_REFUSALS[unknown.reason]).toBe(
      'The history cannot be trusted: no published key signed the log’s checkpoint.',
    );
    const forked = await checkConsistency(
      checkpoint,
      await checkpointOf(
        log.leaves.map((leaf, i) => (i === 0 ? leaf.map((byte) => byte ^ 1) : leaf)),
        signer,
      ),
      [],
      keySet(signer),
    );
    expect(forked.ok || CONSISTENCY_REFUSALS[forked.reason]).toBe(
      'Warning: the log is forked: it shows another history than the one this page saw at the same size.',
    );
  });
});

describe('the online checks, in plain sentences', () => {
  it('says which photograph matches, differs or could not be loaded', () => {
    expect(photoSentence({ index: 2, of: 3, result: 'matches' })).toBe(
      'Photograph 2 of 3 matches its certificate.',
    );
    expect(photoSentence({ index: 1, of: 3, result: 'differs' })).toBe(
      'Photograph 1 of 3 does not match its certificate: it is not the photograph certified.',
    );
    expect(photoSentence({ index: 3, of: 3, result: 'unreadable' })).toBe(
      'Photograph 3 of 3 could not be loaded, so it was not checked.',
    );
  });

  it('says whether the piece was sold, and how many times it changed hands and when last', async () => {
    const steps = [
      { kind: 'issue', piece: 'p-0042', time: '2026-03-02T10:00:00.000Z', cert: 'A'.repeat(22) },
      { kind: 'sale', piece: 'p-0042', time: '2026-04-02T10:00:00.000Z' },
      { kind: 'transfer', piece: 'p-0042', time: '2026-06-01T10:00:00.000Z' },
      { kind: 'transfer', piece: 'p-0042', time: '2026-09-15T10:00:00.000Z' },
    ] as const;
    const said = async (count: number) => {
      const log = await buildLog(steps.slice(0, count).map((step) => ({ ...step })));
      const checkpoint = await checkpointOf(log.leaves, signer);
      const history = await verifyHistory(
        await historyOf(log, 'p-0042', checkpoint),
        checkpoint,
        keySet(signer),
        { pieceId: 'p-0042', map: await mapProofOf(log, 'p-0042', checkpoint) },
      );
      if (!history.ok) throw new Error(history.reason);
      return historySentences(history);
    };
    expect(await said(1)).toEqual(['Not sold yet: still with the shop.', 'Never transferred.']);
    expect(await said(3)).toEqual(['Sold by the shop.', 'Transferred once, last on 1 June 2026.']);
    expect(await said(4)).toEqual(['Sold by the shop.', 'Transferred 2 times, last on 15 September 2026.']);
  });

  it('says which online checks could not be done offline', () => {
    expect(notCheckedSentence([...ONLINE_CHECKS.code])).toBe(
      'Offline: the certificate, the photographs and the history were not checked (the signature was, with the keys this page keeps).',
    );
    expect(notCheckedSentence(['the history'])).toBe(
      'Offline: the history was not checked (the signature was, with the keys this page keeps).',
    );
  });

  it('says days and months in full', () => {
    expect(dayText('2026-11-07')).toBe('7 November 2026');
    expect(monthText('2026-01')).toBe('January 2026');
  });

  it('says who witnessed the checkpoint, or that it is not yet witnessed (a warning), or nothing without a policy', () => {
    const a = { name: 'a.witness.example', time: 1 };
    const b = { name: 'b.witness.example', time: 1 };
    expect(witnessSentence(9, { cosigned: [a, b], witnessed: true, quorum: { k: 2, n: 2 } })).toEqual({
      tone: 'good',
      text: 'The log’s checkpoint 9 is witnessed by a.witness.example and b.witness.example.',
    });
    expect(witnessSentence(9, { cosigned: [a], witnessed: false, quorum: { k: 2, n: 2 } })).toEqual({
      tone: 'warn',
      text: 'The log’s checkpoint 9 is not yet witnessed: 2 of its 2 witnesses must cosign it, only a.witness.example has yet.',
    });
    expect(witnessSentence(9, { cosigned: [], witnessed: true, quorum: { k: 0, n: 0 } })).toBeUndefined();
  });
});
