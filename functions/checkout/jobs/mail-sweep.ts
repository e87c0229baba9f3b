import { logger, safeError } from '#platform/logger.ts';
import { deliveryMailPorts } from '../adapters/delivery-mail-ports.ts';
import { mailPorts } from '../adapters/mail-ports.ts';
import { paidOrdersAwaitingMail } from '../entities/order.ts';
import { ordersAwaitingDeliveryMail } from '../entities/order-fulfilment.ts';
import { type DeliveryMailPorts, finishDeliveryMail } from '../fulfilment.ts';
import { finishPendingMail, type MailPorts } from '../payment-completion.ts';

export { deliveryMailPorts, mailPorts };

/** How far back the sweep looks: longer than the providers keep retrying their webhooks. */
export const SWEEP_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface SweepResult {
  checked: number;
  sent: number;
  failed: number;
}

/**
 * Sends the mail of every recent paid order whose mail never went out and whose sender's lease
 * has run out, so a sale's confirmation and portal password never depend on the provider
 * retrying. Failures are counted and then thrown, so the scheduled invocation is retried and,
 * in the end, lands in the dead-letter queue, whose alarm calls for a person.
 */
export async function sweepPendingMail(
  ports: MailPorts = mailPorts(),
  window: { since: number; until: number } = { since: ports.now() - SWEEP_WINDOW_MS, until: ports.now() },
): Promise<SweepResult> {
  const orders = await paidOrdersAwaitingMail(
    new Date(window.since).toISOString(),
    // '~' sorts after the '#<code>' that follows the time in the index's sort key.
    `${new Date(window.until).toISOString()}~`,
  );
  const result: SweepResult = { checked: orders.length, sent: 0, failed: 0 };
  for (const order of orders) {
    try {
      if ((await finishPendingMail(order.checkoutCode, ports)) === 'sent') result.sent++;
    } catch (error) {
      result.failed++;
      logger.error('the mail of a paid order could not be sent', {
        checkoutCode: order.checkoutCode,
        error: safeError(error),
      });
    }
  }
  if (result.sent > 0) logger.info('sent the mail of paid orders', { ...result });
  if (result.failed > 0) throw new Error(`${result.failed} paid order(s) still without their mail`);
  return result;
}

/**
 * Sends the delivery e-mail of every shipped order whose mail never went out (SES failed when
 * it was shipped, or the call died) and whose sender's lease has run out. The work list is
 * sparse (only orders whose delivery mail is due), so it has no time window.
 */
export async function sweepDeliveryMail(
  ports: DeliveryMailPorts = deliveryMailPorts(),
): Promise<SweepResult> {
  const orders = await ordersAwaitingDeliveryMail();
  const result: SweepResult = { checked: orders.length, sent: 0, failed: 0 };
  for (const order of orders) {
    try {
      if ((await finishDeliveryMail(order.checkoutCode, ports)) === 'sent') result.sent++;
    } catch (error) {
      result.failed++;
      logger.error('the delivery e-mail of a shipped order could not be sent', {
        checkoutCode: order.checkoutCode,
        error: safeError(error),
      });
    }
  }
  if (result.sent > 0) logger.info('sent the delivery e-mail of shipped orders', { ...result });
  if (result.failed > 0)
    throw new Error(`${result.failed} shipped order(s) still without their delivery e-mail`);
  return result;
}

/** Both sweeps: a sale's mail and a shipment's delivery e-mail; a failure of one does not stop the other. */
export async function sweepAllMail(): Promise<SweepResult & { delivery: SweepResult }> {
  const [sale, delivery] = await Promise.allSettled([sweepPendingMail(), sweepDeliveryMail()]);
  if (sale.status === 'rejected') throw sale.reason;
  if (delivery.status === 'rejected') throw delivery.reason;
  return { ...sale.value, delivery: delivery.value };
}

/** The scheduled Lambda (EventBridge, asynchronous: retried, then sent to the dead-letter queue). */
export const handler = async (): Promise<SweepResult & { delivery: SweepResult }> => sweepAllMail();
