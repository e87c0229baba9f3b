import type { KeySet, LogKey, PassportKey } from '#shared/passport/keys.ts';

/**
 * The page pins the shop's keys (docs/passport.md, Keys): every key of every key set it has
 * accepted is kept, and a newly fetched set is taken only if it still lists each of them (the
 * same key under the same kid: a rotated key stays listed; a log key by its vkey). A set that
 * drops one, drops or weakens the witness policy, or names another issuer, is refused and the
 * kept keys are used instead.
 */
export type PinOutcome =
  | { ok: true; keys: KeySet }
  | { ok: false; keys: KeySet; reason: 'dropped'; kids: string[] }
  | { ok: false; keys: KeySet; reason: 'issuer'; issuer: string }
  | { ok: false; keys: KeySet; reason: 'policy' };

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function keyOf(value: unknown): PassportKey | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kid, jwk, from, until } = value as Record<string, unknown>;
  if (!text(kid) || !text(from) || (until !== undefined && !text(until))) return undefined;
  if (typeof jwk !== 'object' || jwk === null) return undefined;
  const { kty, crv, x, y } = jwk as Record<string, unknown>;
  if (kty !== 'EC' || crv !== 'P-256' || !text(x) || !text(y)) return undefined;
  return { kid, jwk: { kty, crv, x, y }, from, ...(until ? { until } : {}) };
}

function logKeyOf(value: unknown): LogKey | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { vkey, from } = value as Record<string, unknown>;
  return text(vkey) && text(from) ? { vkey, from } : undefined;
}

/** `/.well-known/passport-keys.json` read (shape only; each key is checked when it verifies). */
export function parseKeySet(value: unknown): KeySet | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { issuer, keys, logKeys, witnessPolicy } = value as Record<string, unknown>;
  if (!text(issuer) || !Array.isArray(keys)) return undefined;
  if (logKeys !== undefined && !Array.isArray(logKeys)) return undefined;
  if (witnessPolicy !== undefined && typeof witnessPolicy !== 'string') return undefined;
  const parsed = keys.map(keyOf);
  const parsedLog = (logKeys ?? []).map(logKeyOf);
  if (parsed.some((key) => key === undefined) || parsedLog.some((key) => key === undefined)) return undefined;
  return {
    issuer,
    keys: parsed as PassportKey[],
    ...(logKeys ? { logKeys: parsedLog as LogKey[] } : {}),
    ...(witnessPolicy !== undefined ? { witnessPolicy } : {}),
  };
}

const sameKey = (a: PassportKey, b: PassportKey) => a.jwk.x === b.jwk.x && a.jwk.y === b.jwk.y;

/** Whether `fresh` may replace the pinned keys; the keys to verify with either way. */
export function pinKeySet(pinned: KeySet | undefined, fresh: KeySet): PinOutcome {
  if (!pinned) return { ok: true, keys: fresh };
  if (fresh.issuer !== pinned.issuer)
    return { ok: false, keys: pinned, reason: 'issuer', issuer: fresh.issuer };
  const dropped = pinned.keys
    .filter((key) => !fresh.keys.some((candidate) => candidate.kid === key.kid && sameKey(candidate, key)))
    .map((key) => key.kid);
  // The log's keys too, by their vkey (which names the key whole).
  const droppedLog = (pinned.logKeys ?? [])
    .filter((key) => !(fresh.logKeys ?? []).some((candidate) => candidate.vkey === key.vkey))
    .map((key) => key.vkey.split('+')[1] ?? key.vkey);
  if (dropped.length + droppedLog.length > 0)
    return { ok: false, keys: pinned, reason: 'dropped', kids: [...dropped, ...droppedLog] };
  // A shop that once published witnesses may change them, never drop them (unwitnessed again),
  // nor weaken them: every witness pinned stays, and the quorum asks as many of them.
  if (pinned.witnessPolicy !== undefined && !asStrong(fresh.witnessPolicy, pinned.witnessPolicy))
    return { ok: false, keys: pinned, reason: 'policy' };
  return { ok: true, keys: fresh };
}

/**
 * What a witness policy asks, read for pinning only (the verifier reads it whole,
 * shared/passport/witness-policy.ts): its witnesses' vkeys and how many cosignatures its quorum
 * takes at the least (a group's threshold over its members, 1 for a single witness, 0 for none).
 */
function policyDemand(text: string): { vkeys: Set<string>; least: number } {
  const vkeys = new Set<string>();
  const names = new Map<string, number>();
  let quorum = 'none';
  for (const line of text.split('\n')) {
    const [word, name = '', ...rest] = line.trim().split(/[ \t]+/);
    if (word === 'witness' && rest[0]) {
      vkeys.add(rest[0]);
      names.set(name, 1);
    } else if (word === 'group') {
      const [threshold = '', ...members] = rest;
      const demands = members.map((member) => names.get(member) ?? 0).sort((a, b) => a - b);
      const k = threshold === 'all' ? members.length : threshold === 'any' ? 1 : Number(threshold) || 0;
      names.set(
        name,
        demands.slice(0, k).reduce((sum, n) => sum + n, 0),
      );
    } else if (word === 'quorum') quorum = name;
  }
  return { vkeys, least: quorum === 'none' ? 0 : (names.get(quorum) ?? 0) };
}

function asStrong(fresh: string | undefined, pinned: string): boolean {
  if (fresh === undefined) return false;
  if (fresh === pinned) return true;
  const before = policyDemand(pinned);
  const after = policyDemand(fresh);
  return [...before.vkeys].every((vkey) => after.vkeys.has(vkey)) && after.least >= before.least;
}

export function pinRefusalSentence(outcome: Extract<PinOutcome, { ok: false }>): string {
  if (outcome.reason === 'policy')
    return 'Warning: the key list now published drops or weakens the witness policy this page had pinned; it was refused and the keys this page kept were used.';
  if (outcome.reason === 'issuer')
    return `Warning: the key list now published names another issuer (${outcome.issuer}); it was refused and the keys this page kept were used.`;
  const kids = outcome.kids.join(', ');
  return `Warning: the key list now published drops ${outcome.kids.length === 1 ? 'a key' : 'keys'} this page had pinned (${kids}); it was refused and the keys this page kept were used.`;
}
