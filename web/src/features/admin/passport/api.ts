import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api.ts';
import type { AdminAnswer } from '../../../lib/api-types.ts';
import { adminGet, adminPost } from '../api.ts';

/** Staff's passport calls (docs/passport.md, "How the shop keeps it"). */
export type AdminCertificate = AdminAnswer<'/passport/certificates'>['certificates'][number];
export type AdminLog = AdminAnswer<'/passport/log'>;
export type PassportKey = AdminAnswer<'/passport/keys/rotate', 'post'>['keys'][number];

const PASSPORT = ['admin', 'passport'] as const;
export const certificatesKey = (pid: string) => [...PASSPORT, 'certificates', pid] as const;
export const logKey = [...PASSPORT, 'log'] as const;
export const keysKey = [...PASSPORT, 'keys'] as const;

/** GET /passport/certificates?pid=: a piece's certificates, newest first. */
export const certificatesQuery = (pid: string) =>
  queryOptions({
    queryKey: certificatesKey(pid),
    queryFn: async () => (await adminGet('/passport/certificates', { pid })).certificates,
  });

/** GET /passport/log: 50 entries, newest first, older than `before` when given; of one piece with `piece`. */
export const logQuery = ({ piece, before }: { piece?: string; before?: number }) =>
  queryOptions({
    queryKey: [...logKey, piece ?? '', before ?? ''],
    queryFn: () =>
      adminGet('/passport/log', { piece, before: before === undefined ? undefined : String(before) }),
    // Entries just appended are sequenced within moments: look again until none waits.
    refetchInterval: (query) => (query.state.data?.pending ? 2_000 : false),
  });

export const pieceEntriesKey = (pid: string) => [...PASSPORT, 'piece', pid] as const;

/**
 * A piece's sequenced entries, newest first, from its public passport (GET /passport/pieces/{pid},
 * each entry's canonical JSON); none for a piece the log never saw (404). While fewer `issue`
 * entries than `issued` certificates are in, an issue waits to be sequenced: look again shortly.
 */
export const pieceEntriesQuery = (pid: string, issued: number) =>
  queryOptions({
    queryKey: pieceEntriesKey(pid),
    queryFn: async (): Promise<AdminLog['entries']> => {
      try {
        const piece = await adminGet('/passport/pieces/{pid}', { pid });
        return piece.entries.map((entry) => JSON.parse(entry.text) as AdminLog['entries'][number]).reverse();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    refetchInterval: (query) =>
      (query.state.data ?? []).filter((entry) => entry.kind === 'issue').length < issued ? 2_000 : false,
  });

/** The published key set (/.well-known/passport-keys.json), as anyone reads it. */
export const keysQuery = () =>
  queryOptions({
    queryKey: keysKey,
    queryFn: async () => {
      const answer = await fetch('/.well-known/passport-keys.json', { cache: 'no-store' });
      if (!answer.ok)
        throw new ApiError(answer.status, 'the published keys could not be read. please try again.');
      return ((await answer.json()) as { keys: PassportKey[] }).keys;
    },
  });

/** POST /passport/certificates: issue (or re-issue) a piece's certificate and code. */
export async function issueCertificate(pid: string): Promise<AdminCertificate> {
  const answer = await adminPost('/passport/certificates', {
    pid,
  });
  return answer.certificate;
}

/** POST /passport/keys/rotate: a new signing key; answers the new key set. */
export async function rotateKey(): Promise<PassportKey[]> {
  return (await adminPost('/passport/keys/rotate', {})).keys;
}

/** The page anyone opens to check a code: `/verify#<code>` on this shop. */
export const verifyUrl = (code: string) => `${window.location.origin}/verify#${code}`;
