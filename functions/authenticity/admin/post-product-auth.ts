import type { ProductEntity } from '#catalog/index.ts';
import { readProduct } from '#catalog/index.ts';
import { sequenceSoon } from '#passport/index.ts';
import { httpError, notFound } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import { generatePassword, hashPassword } from '#platform/passwords.ts';
import { postProductAuthContract } from '#shared/contracts/authenticity-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import type { AuthRecordEntity } from '../entities/auth-record.ts';
import { claimAuthRecord, createAuthRecord, readAuthRecord } from '../entities/auth-record.ts';
import { portalLink } from '../portal-link.ts';
import { adminAuthRecord } from '../rules/admin-views.ts';

/**
 * POST /product-auth { pid, email? } (001 §7) → { status: 200, record }: staff create or claim
 * the authenticity record of a sold piece. Purchases here create theirs at payment; this is for
 * pieces sold elsewhere.
 * - no record yet (the piece must be sold): created, with the owner's e-mail when given;
 * - a record with no owner (sold on another platform) and an e-mail: the owner claims it.
 * With an e-mail the owner is mailed a new portal password, which exists only in that mail
 * (the record keeps its scrypt hash), and the credential version moves on.
 */
export const handler = defineAdminHandler(postProductAuthContract, async ({ body }, event) => {
  const product = await readProduct(body.pid);
  if (!product) throw notFound('product');
  if (!product.cardNumber) throw httpError(400, 'this piece has no card number yet: give it one first');
  const existing = await readAuthRecord(product.cardNumber);
  if (existing && existing.pid !== product.id) {
    throw httpError(409, 'the card number of this piece belongs to the record of another piece');
  }
  const password = body.email ? generatePassword() : undefined;
  const passwordHash = password ? await hashPassword(password) : undefined;
  const at = new Date().toISOString();

  let record: AuthRecordEntity;
  if (!existing) {
    if (product.status !== 0) {
      throw httpError(
        409,
        'this piece is still for sale: save it as sold on another platform before creating its record',
      );
    }
    record = {
      kind: 'authRecord',
      cardNumber: product.cardNumber,
      pid: product.id,
      name: product.name,
      ...(body.email && passwordHash ? { email: body.email, passwordHash } : {}),
      credentialVersion: 1,
      createdAt: at,
    };
    record = await createAuthRecord(record, event.admin);
    await sequenceSoon();
  } else {
    if (!body.email || !passwordHash) throw httpError(409, 'this piece already has its authenticity record');
    if (existing.email) {
      throw httpError(
        409,
        'this record already has an owner: owners transfer it from the authenticity portal',
      );
    }
    record = await claimAuthRecord({
      record: existing,
      email: body.email,
      passwordHash,
      at,
      admin: event.admin,
    });
  }

  if (body.email && password) await mailPassword(body.email, product, password);
  return { status: 200 as const, record: adminAuthRecord(record) };
});

async function mailPassword(to: string, product: ProductEntity, password: string): Promise<void> {
  try {
    await sendMail({
      to,
      template: 'portal-password',
      data: {
        name: '',
        productName: product.name,
        cardEnding: product.cardNumber?.slice(-4) ?? '',
        password,
        portalLink: portalLink(),
      },
    });
  } catch (error) {
    logger.error('portal password mail failed', { error: safeError(error) });
    throw httpError(
      502,
      'the record is saved, but the mail could not be sent. the owner can ask for a new password with "forgot password" on the authenticity portal.',
    );
  }
}
