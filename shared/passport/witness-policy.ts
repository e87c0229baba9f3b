import { COSIGNATURE_ED25519, type NoteKey, parseVkey } from './note-keys.ts';

/**
 * The log's witness policy (docs/passport.md, Witnesses), a C2SP tlog-policy file
 * (c2sp.org/tlog-policy): `witness <name> <vkey> [<url>]` lines (Ed25519 cosigner vkeys, type
 * 0x04), `group <name> all|any|<k> <member>…` lines, and one `quorum <name|none>` line; `log`
 * lines are read and ignored (the log's keys are the key set's `logKeys`), `#` comments and blank
 * lines skipped. Anything else makes the policy unreadable, which a verifier refuses.
 */
export interface Witness extends NoteKey {
  /** The policy's name for it. */
  id: string;
  url?: string;
}

type Rule = { k: number; members: string[] };

export interface WitnessPolicy {
  witnesses: Witness[];
  groups: Map<string, Rule>;
  quorum: string;
}

export async function parseWitnessPolicy(text: string): Promise<WitnessPolicy | undefined> {
  const witnesses: Witness[] = [];
  const groups = new Map<string, Rule>();
  const defined = (name: string) =>
    name === 'none' || groups.has(name) || witnesses.some((w) => w.id === name);
  let quorum: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [word, ...rest] = line.split(/[ \t]+/);
    if (word === 'log') continue;
    if (word === 'witness') {
      const [id = '', vkey = '', url, ...extra] = rest;
      const key = await parseVkey(vkey);
      if (!id || defined(id) || !key || key.type !== COSIGNATURE_ED25519 || extra.length > 0)
        return undefined;
      if (witnesses.some((w) => w.name === key.name)) return undefined;
      witnesses.push({ ...key, id, ...(url ? { url } : {}) });
    } else if (word === 'group') {
      const [id = '', threshold = '', ...members] = rest;
      if (!id || defined(id) || members.length === 0 || new Set(members).size !== members.length)
        return undefined;
      if (members.some((member) => member === 'none' || !defined(member))) return undefined;
      const k = threshold === 'all' ? members.length : threshold === 'any' ? 1 : Number(threshold);
      if (!/^(all|any|[1-9]\d{0,2})$/.test(threshold) || k < 1 || k > members.length) return undefined;
      groups.set(id, { k, members });
    } else if (word === 'quorum') {
      const [id = '', ...extra] = rest;
      if (quorum !== undefined || !defined(id) || extra.length > 0) return undefined;
      quorum = id;
    } else {
      return undefined;
    }
  }
  return quorum === undefined ? undefined : { witnesses, groups, quorum };
}

/** Whether these witnesses (by policy name) together meet the policy's quorum. */
export function quorumMet(policy: WitnessPolicy, cosigned: ReadonlySet<string>): boolean {
  const met = (name: string): boolean => {
    if (name === 'none') return true;
    const group = policy.groups.get(name);
    if (!group) return cosigned.has(name);
    return group.members.filter(met).length >= group.k;
  };
  return met(policy.quorum);
}

/** The policy's k of n when its quorum is one group of witnesses (the shop's case), for the page's words. */
export function quorumSize(policy: WitnessPolicy): { k: number; n: number } {
  if (policy.quorum === 'none') return { k: 0, n: policy.witnesses.length };
  const group = policy.groups.get(policy.quorum);
  return group ? { k: group.k, n: group.members.length } : { k: 1, n: 1 };
}
