import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpMember } from '#members/entities/member.ts';
import { CONFIRMATION_MAIL_LIMIT, SIGNUP_LIMITS } from '#members/http/post-member.ts';
import { LIMITS } from '#shared/constants.ts';
import { db } from '../support/db.ts';
import { uniqueId } from '../support/fixtures.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The sign-up's daily ceiling per client address (shared/constants.ts, LIMITS): the same
 * limits POST /member counts, on the local table, with the clock given (a day cannot be waited
 * for): an address that signs up 20 people every 10 minutes all morning is let through 200
 * times that day, then refused, whatever the 10-minute burst allows.
 */
beforeAll(() => {
  pointAtLocalStack();
});

describe('sign-ups from one client address over a day', () => {
  it('go through up to the daily ceiling, then are refused', { timeout: 120_000 }, async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 20}-${uniqueId('day')}`;
    // Half an hour into a day, so every attempt below falls in the same day.
    const base = Date.UTC(2031, 4, 6, 0, 30);
    const results: string[] = [];
    for (let window = 0; window < 11; window++)
      for (let i = 0; i < 20; i++) {
        const email = `${uniqueId('day')}@example.com`;
        const signUp = await signUpMember({
          email,
          now: new Date(base + window * 10 * 60_000 + i * 30_000),
          page: '/world/membership',
          address,
          validDays: 7,
          limits: SIGNUP_LIMITS,
          mailLimit: CONFIRMATION_MAIL_LIMIT,
        });
        results.push(signUp.result);
        // Not left pending: the staff's list of pending sign-ups is read by other suites meanwhile.
        if (signUp.result === 'pending')
          await db().send(
            new DeleteCommand({
              TableName: inject('tableName'),
              Key: { pk: `MEMBER#${email}`, sk: '#MEMBER' },
            }),
          );
      }
    expect(results.slice(0, LIMITS.memberSignupsPerDay)).toEqual(
      Array(LIMITS.memberSignupsPerDay).fill('pending'),
    );
    expect(results.slice(LIMITS.memberSignupsPerDay)).toEqual(
      Array(220 - LIMITS.memberSignupsPerDay).fill('limited'),
    );
  });
});
