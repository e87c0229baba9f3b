import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { consistentGet, queryAll } from '#table/query.ts';
import { TABLE } from '#table/table.ts';
import type { TransactItem } from '#table/transactions.ts';

/**
 * A resale proof (docs/passport.md, Resale proof; How the shop keeps it):
 * `PASSPORTPROOF#<id> / #PROOF`, with the owner salt of the record when it was made (a transfer
 * gives a new one, which voids it). Listed per card on gsi1 (`PASSPORTPROOFS#<card>`, by
 * creation) for the owner's page; kept a year past its expiry, then the table's TTL removes it.
 */
export interface ProofEntity {
  kind: 'passportProof';
  id: string;
  pid: string;
  cardNumber: string;
  ownerSalt: string;
  /** YYYY-MM. */
  since: string;
  /** YYYY-MM-DD: it stops at 00:00 UTC that day. */
  expires: string;
  /** The proof as the link carries it (`p1.…`). */
  text: string;
  createdAt: string;
}

const KEPT_AFTER_EXPIRY_SECONDS = 365 * 86_400;
export const proofKey = (id: string) => ({ pk: `PASSPORTPROOF#${id}`, sk: '#PROOF' });
const cardProofs = (cardNumber: string) => `PASSPORTPROOFS#${cardNumber}`;
/** A proof's place in its card's list on gsi1, newest last. */
export const cardProofsIndex = (p: { cardNumber: string; createdAt: string; id: string }) => ({
  gsi1pk: cardProofs(p.cardNumber),
  gsi1sk: `${p.createdAt}#${p.id}`,
});

export function newProofItem(proof: ProofEntity): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...proofKey(proof.id),
        ...cardProofsIndex(proof),
        ...proof,
        [TABLE.ttlAttribute]: Date.parse(`${proof.expires}T00:00:00Z`) / 1000 + KEPT_AFTER_EXPIRY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export const readProof = (id: string) => consistentGet<ProofEntity>(proofKey(id));

/** A card's proofs, newest first. */
export function listCardProofs(cardNumber: string): Promise<ProofEntity[]> {
  return queryAll<ProofEntity>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :card',
    ExpressionAttributeValues: { ':card': cardProofs(cardNumber) },
    ScanIndexForward: false,
  });
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Resale proof (TTL `expiresAt`: a year past its expiry)',
      pk: '`PASSPORTPROOF#<id>`',
      sk: '`#PROOF`',
      gsi1: '`PASSPORTPROOFS#<card>` / `<createdAt>#<id>`',
      keys: () => [
        proofKey('<id>'),
        cardProofsIndex({ cardNumber: '<card>', createdAt: '<createdAt>', id: '<id>' }),
      ],
    },
  ],
};
