import type { AuthRecordEntity } from '../entities/auth-record.ts';

/** An authenticity record as staff see it: never its password hash. */
export function adminAuthRecord(r: AuthRecordEntity) {
  return {
    cardNumber: r.cardNumber,
    pid: r.pid,
    name: r.name,
    email: r.email ?? '',
    hasPassword: Boolean(r.passwordHash),
    credentialVersion: r.credentialVersion,
    createdAt: r.createdAt,
    transferDateTime: r.transferDateTime,
  };
}
