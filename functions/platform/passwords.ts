import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { currentScope } from '#platform/request-scope.ts';

/**
 * Portal passwords: 16 characters from an alphabet without look-alikes (no 0/O, 1/l/I), made
 * with the CSPRNG, and stored only as scrypt hashes at OWASP's parameters (N=2^17, r=8, p=1).
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const PASSWORD_LENGTH = 16;
const PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 };

export function generatePassword(): string {
  let password = '';
  for (let i = 0; i < PASSWORD_LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}

function derive(
  password: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  keyLength: number,
): Promise<Buffer> {
  const scope = currentScope();
  if (scope) scope.passwordHashes += 1;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$<salt b64>$<hash b64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = PARAMS;
  const key = await derive(password, salt, N, r, p, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64'),
    Number(N),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(key, expected);
}
