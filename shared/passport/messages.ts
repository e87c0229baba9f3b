import { specMessageList } from '#shared/spec-messages.ts';

/** What the passport's owner endpoints answer when the piece's lost state stands in the way (issue 37). */
export const PASSPORT_MESSAGES = specMessageList({
  transferWhileLost: 'this piece is reported lost or stolen. mark it found before transferring it.',
  alreadyLost: 'the piece is already reported lost.',
  notLost: 'the piece is not reported lost.',
  recordChanged: 'this record changed meanwhile. please log in again.',
  noPassport: 'no passport for this piece',
});
