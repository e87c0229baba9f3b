import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Item, scanTable } from '#backups/index.ts';
import { demoCatalogue } from '../../infra/local/demo/catalogue.ts';

/**
 * A restore test's source, taken from the run's shared table (test/integration/restore-validation,
 * test/bundles/deployed-bundles): what one moment held, and only the share the validation can
 * hold the shop to.
 */

/**
 * The run's table as one moment held it: a scan is no snapshot (an export is), and the files
 * running beside this one write meanwhile (a sale's items, a sequencer's round), so it is
 * scanned again until two scans in a row agree.
 */
export async function quietScan(table: string, db: DynamoDBDocumentClient): Promise<Item[]> {
  const key = (items: Item[]) => JSON.stringify(items.map((i) => JSON.stringify(i)).sort());
  let last = await scanTable(table, { db });
  for (let tries = 0; tries < 30; tries++) {
    const again = await scanTable(table, { db });
    if (key(again) === key(last)) return again;
    last = again;
  }
  throw new Error(`the table ${table} kept changing over 30 scans`);
}

/**
 * The share of the run's table a restore of this shop would hold: the demo catalogue, this file's
 * sold piece with its order, owner record and card claim, the passport log, and what no piece
 * owns but members. The pieces other files made with the test fixtures (no card claim: they skip the product
 * form; two owner records; a hold without its order) and their orders and records are left out: they break the invariants on purpose or by
 * shortcut, which the validation would rightly report.
 */
export function ownShare(items: Item[], own: string): Item[] {
  const pieces = new Set([
    own,
    ...demoCatalogue()
      .items.filter((item) => item.kind === 'product')
      .map((item) => String(item.id)),
  ]);
  const cards = new Set(
    items.filter((i) => i.kind === 'product' && pieces.has(String(i.id))).map((i) => String(i.cardNumber)),
  );
  return items.filter((item) => {
    switch (item.kind) {
      case 'product':
        return pieces.has(String(item.id));
      case 'order':
        return pieces.has(String(item.productId));
      case 'authRecord':
      case 'cardClaim':
      case 'transfer':
        return cards.has(String(item.cardNumber));
      // Other files' members (a draw's entrants, written straight by their fixtures, without the
      // sign-up's consent): member-consent is the unit tests' (restore-checks.test.ts).
      case 'member':
        return false;
      default:
        return true;
    }
  });
}
