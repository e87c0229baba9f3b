import { sequenceSoon } from '#passport/index.ts';
import { paymentProvider } from '#payments/index.ts';
import type { OrderEntity } from '../entities/order.ts';
import { markRefunded, sellOrder } from '../entities/order.ts';
import type { CompletionPorts } from '../payment-completion.ts';
import { mailPorts } from './mail-ports.ts';

/** Gives back a late payment for a piece someone else bought, through the order's provider. */
export async function refundPayment(order: OrderEntity, paymentRef: string): Promise<void> {
  await paymentProvider(order.paymentType).refund({
    paymentRef,
    idempotencyKey: `refund-${order.checkoutCode}`,
  });
}

/** The real wiring of payment completion: DynamoDB, SES, the providers. */
export function completionPorts(): CompletionPorts {
  return {
    ...mailPorts(),
    // A sale appends to the passport log: its sequencer is started once the sale is written.
    sellOrder: async (input) => {
      const outcome = await sellOrder(input);
      if (outcome === 'sold') await sequenceSoon();
      return outcome;
    },
    markRefunded,
    refund: refundPayment,
  };
}
