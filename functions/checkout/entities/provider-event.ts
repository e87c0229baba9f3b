import type { PaymentKind } from '#payments/index.ts';
import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';

/** A provider event seen once: the key that makes webhooks idempotent. */
export const providerEventKey = (provider: string, eventId: string) => ({
  pk: `EVENT#${provider}#${eventId}`,
  sk: '#EVENT',
});

/**
 * The writes that keep a one-of-one piece from being sold twice. Each is one DynamoDB
 * transaction whose conditions decide, so concurrent shoppers and duplicated, reordered or
 * retried webhooks cannot interleave badly. See docs/data-model.md.
 */
export const EVENT_RETENTION_SECONDS = 90 * 24 * 3600;

/** The record of a provider event; written only if new, it makes every confirmation idempotent. */
export function providerEventOnce(provider: PaymentKind, eventId: string, checkoutCode: string, now: number) {
  return {
    TableName: tableName(),
    Item: {
      ...providerEventKey(provider, eventId),
      kind: 'providerEvent',
      checkoutCode,
      at: new Date(now).toISOString(),
      expiresAt: Math.floor(now / 1000) + EVENT_RETENTION_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Provider event, for dedup',
      pk: '`EVENT#<provider>#<eventId>`',
      sk: '`#EVENT`',
      keys: () => providerEventKey('<provider>', '<eventId>'),
    },
  ],
};
