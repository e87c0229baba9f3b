import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '../entities/order.ts';
import { deleteRefusal, ORDER_DELETE_REFUSALS } from './delete-rules.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const order = (overrides: Partial<AdminOrder>) =>
  ({ status: 'failed', holdUntil: now - 1, ...overrides }) as AdminOrder;

describe('which orders may be deleted', () => {
  it('keeps every order for which money moved', () => {
    expect(deleteRefusal(order({ status: 'paid' }), now)).toBe(ORDER_DELETE_REFUSALS.moneyMoved);
    expect(deleteRefusal(order({ status: 'refunded' }), now)).toBe(ORDER_DELETE_REFUSALS.moneyMoved);
  });

  it('keeps a checkout whose hold is still running, and lets it go once the hold ended', () => {
    expect(deleteRefusal(order({ status: 'pending', holdUntil: now }), now)).toBe(
      ORDER_DELETE_REFUSALS.inProgress,
    );
    expect(deleteRefusal(order({ status: 'pending', holdUntil: now - 1 }), now)).toBeUndefined();
  });

  it('lets a failed order go, once', () => {
    expect(deleteRefusal(order({}), now)).toBeUndefined();
    expect(deleteRefusal(order({ deletedAt: '2026-03-01T11:00:00Z' }), now)).toBe(
      ORDER_DELETE_REFUSALS.deleted,
    );
  });
});
