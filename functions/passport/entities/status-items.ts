import { piecePk } from './log-items.ts';

/**
 * The status list's table items (docs/passport.md, Lost or stolen): the counter that gives each
 * piece its index once, the piece's index, and the list's state as last published.
 */
export const STATUS_PK = 'PASSPORTSTATUS';
/** `next`: the next index to give. */
export const statusCounterKey = { pk: STATUS_PK, sk: '#NEXT' } as const;
/** `through`: the last log entry (seq) applied; `lost`: the set indexes; `blocks`: the list's 16 KB blocks, as published. */
export const statusListKey = { pk: STATUS_PK, sk: '#LIST' } as const;
/** `index`: the piece's bit, given once and never changed (every certificate of the piece names it). */
export const statusIndexKey = (pid: string) => ({ pk: piecePk(pid), sk: '#STATUSINDEX' });

export interface StatusListState {
  through: number;
  lost: number[];
  blocks: number;
}
