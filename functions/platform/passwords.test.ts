import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, PASSWORD_LENGTH, verifyPassword } from '#platform/passwords.ts';

describe('portal passwords', () => {
  it('are 16 characters without look-alikes, and differ every time', () => {
    const passwords = new Set(Array.from({ length: 200 }, generatePassword));
    expect(passwords.size).toBe(200);
    for (const p of passwords) expect(p).toMatch(new RegExp(`^[A-HJ-NP-Za-km-z2-9]{${PASSWORD_LENGTH}}$`));
  });

  it('are stored as OWASP-strength scrypt hashes that verify only the right password', async () => {
    const password = generatePassword();
    const stored = await hashPassword(password);
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(stored).not.toContain(password);
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword(`${password.slice(1)}x`, stored)).toBe(false);
    expect(await verifyPassword(password, 'scrypt$broken')).toBe(false);
    expect(await hashPassword(password)).not.toBe(stored);
  });
});
