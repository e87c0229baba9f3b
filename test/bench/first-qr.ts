import { chromium } from 'playwright-core';
import { demoCatalogue, isDemoPhoto } from '../../infra/local/demo/catalogue.ts';
import { mostSeenFirst } from '../../infra/local/demo/photo-order.ts';
import { confirmCard, newBuyer, startCard } from '../load/shoppers.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

/**
 * A piece bought on a machine's first start, as its owner meets its passport (issue 44): the
 * card purchase, the mail with the portal password, then the owner's portal in Chromium at phone
 * size, logged in with the card's number, until the QR of the card's code is shown. The piece is
 * the demo's whose authenticity photographs come last (the one whose passport waits longest).
 */
export interface FirstQr {
  piece: string;
  /** Purchase start → the password mail in the SES stand-in. */
  mailMs: number;
  /** The mail → the QR on the owner's portal page (the page itself looks again while it prepares). */
  qrAfterMailMs: number;
}

const PASSWORD_MAIL = 'Your authenticity portal password';
const QR_LABEL = "QR code of this piece's passport, the same as on your steel card";

/** The demo piece whose authenticity photographs are made last, among those for sale. */
export function lastPassportPiece(): { id: string; typeId: string; cardNumber: string } {
  const { items, media } = demoCatalogue();
  // As checkout takes it (functions/checkout/start-checkout.ts): not sold, not offered by a draw,
  // its collection not on pre-sale.
  const preSale = new Set(
    items.filter((item) => item.kind === 'type' && item.preSale === true).map((item) => String(item.id)),
  );
  const forSale = new Map(
    items
      .filter(
        (item) =>
          item.kind === 'product' &&
          item.status === 1 &&
          item.soldOnOtherPlatform !== true &&
          !item.draw &&
          !preSale.has(String(item.typeId)),
      )
      .map((item) => [String(item.id), item]),
  );
  const owners = new Map(
    items.filter((item) => item.kind === 'image').map((item) => [String(item.url), String(item.ownerId)]),
  );
  const order = mostSeenFirst(items, media.filter(isDemoPhoto)).filter((p) =>
    p.key.startsWith('authenticity/'),
  );
  for (const photo of order.reverse()) {
    const piece = forSale.get(owners.get(`s3/${photo.key}`) ?? '');
    if (piece)
      return { id: String(piece.id), typeId: String(piece.typeId), cardNumber: String(piece.cardNumber) };
  }
  throw new Error('no demo piece for sale has authenticity photographs');
}

async function mailedPassword(sesUrl: string, to: string, deadline: number): Promise<string> {
  while (Date.now() < deadline) {
    const store = (await (await fetch(`${sesUrl}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
    };
    const mail = store.emails.find(
      (m) => m.destination.to.includes(to) && m.subject.startsWith(PASSWORD_MAIL),
    );
    const password = mail?.body.text?.match(/^ {4}(\S{16})$/m)?.[1];
    if (password) return password;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no "${PASSWORD_MAIL}" mail to ${to}`);
}

export async function firstQr(base: string, sesUrl: string): Promise<FirstQr> {
  const piece = lastPassportPiece();
  const buyer = newBuyer('first-qr');
  const started = performance.now();
  const checkout = await startCard(base, buyer, piece);
  if (checkout.status !== 200) throw new Error(`checkout did not start: ${JSON.stringify(checkout.body)}`);
  const confirmed = await confirmCard(base, checkout);
  if (confirmed.status !== 200) throw new Error(`card not confirmed: ${JSON.stringify(confirmed.body)}`);
  const password = await mailedPassword(sesUrl, buyer.email, Date.now() + 120_000);
  const mailed = performance.now();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(`${base}/authenticity`);
    await page.getByLabel('card number').fill(piece.cardNumber);
    await page.getByLabel('password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'open my piece' }).click();
    await page.getByRole('img', { name: QR_LABEL }).waitFor({ timeout: 600_000 });
    return { piece: piece.id, mailMs: mailed - started, qrAfterMailMs: performance.now() - mailed };
  } finally {
    await browser.close();
  }
}
