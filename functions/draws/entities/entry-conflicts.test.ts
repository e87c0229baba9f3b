import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { transact } from '#table/transactions.ts';
import { enterDraw } from './entry.ts';

/**
 * DynamoDB cancels a transaction that meets another at work on the same item (TransactionConflict);
 * DynamoDB Local serialises them instead, so the race is played here with the table's answers.
 */
vi.mock('#table/transactions.ts', () => ({ transact: vi.fn() }));
const transactMock = vi.mocked(transact);

const cancelled = (codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const CONFLICT = ['None', 'None', 'TransactionConflict', 'None'];
const entry = {
  drawId: 'd-AAECAwQFBgcICQoLDA0ODw',
  email: 'ada@example.com',
  address: { address1: '1 Main St', city: 'Paris', country: 'FR' },
};

beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'draws-test');
  transactMock.mockReset();
});

describe('an entry meeting another transaction', () => {
  it('is tried again, and taken when the other is done', async () => {
    transactMock.mockRejectedValueOnce(cancelled(CONFLICT)).mockResolvedValueOnce(undefined);
    expect(await enterDraw(entry)).toMatchObject({ ok: true });
    expect(transactMock).toHaveBeenCalledTimes(2);
  });

  it('is refused at once, without another try, when one of its own conditions failed', async () => {
    transactMock.mockRejectedValue(cancelled(['None', 'None', 'ConditionalCheckFailed', 'None']));
    expect(await enterDraw(entry)).toEqual({ ok: false, reason: 'duplicate-email' });
    expect(transactMock).toHaveBeenCalledTimes(1);
  });

  it('fails after a few tries of meeting others every time', async () => {
    transactMock.mockRejectedValue(cancelled(CONFLICT));
    await expect(enterDraw(entry)).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(transactMock).toHaveBeenCalledTimes(4);
  });
});
