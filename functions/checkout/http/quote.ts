import { inPagePaymentSetup } from '#payments/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { checkoutQuoteContract } from '#shared/contracts/checkout.ts';
import { quoteCheckout } from '../quote-checkout.ts';

/**
 * POST /checkout/quote: a piece's amounts for an address, before any hold (the wallet sheet's
 * address changes). POST because the body is part of an address and may carry the checkout key.
 */
export const handler = defineHandler(checkoutQuoteContract, async ({ body }, event) => {
  const answer = await quoteCheckout(body, event);
  if (!('quote' in answer)) return answer;
  return {
    status: 200 as const,
    productName: answer.productName,
    amounts: { ...answer.quote, currency: 'USD' as const },
    // The wallet buttons load the payment script before any payment exists.
    ...inPagePaymentSetup(),
  };
});
