import type { EntityFileDoc } from '#platform/table-doc.ts';
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

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Passport status list counter (`next`: the next index to give)',
      pk: '`PASSPORTSTATUS`',
      sk: '`#NEXT`',
      fileNote: '(given by `passport/status-index.ts`)',
      keys: () => statusCounterKey,
    },
    {
      entity: "A piece's status list index (`index`, given once, never changed)",
      pk: '`PASSPORT#<pid>`',
      sk: '`#STATUSINDEX`',
      keys: () => statusIndexKey('<pid>'),
    },
    {
      entity:
        "The status list's state (`through`: the last entry applied; `lost`: the set indexes; `blocks`)",
      pk: '`PASSPORTSTATUS`',
      sk: '`#LIST`',
      fileNote: 'kept by `passport/status-list-publisher.ts`',
      keys: () => statusListKey,
    },
  ],
};
