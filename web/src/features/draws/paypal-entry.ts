import type { PaypalHandlers } from '../../components/payment/paypal-button.tsx';
import type { PublicBody } from '../../lib/api-types.ts';
import { confirmEntry, enterDraw } from './api.ts';

/** Said when the entrant closes or cancels PayPal's window: nothing authorised, the entry not binding. */
export const PAYPAL_ENTRY_CANCELLED =
  'You cancelled at PayPal; nothing was authorised and your entry is not made yet. authorise with PayPal again, or choose card.';

interface Entered {
  entryId: string;
  token: string;
}

/** PayPal's order → the entry it authorises, for this page's life (the handlers are remade each render). */
const entries = new Map<string, Entered>();

/**
 * A draw entry's PayPal: the entry and its AUTHORIZE order are made by the server (POST
 * /draws/{drawId}/entries, the server's amounts), approved in PayPal's window, then confirmed
 * (…/confirm: the server asks PayPal to authorise; nothing is captured unless the entry wins).
 */
export function paypalEntry(form: {
  drawId: string;
  readyFields: () => { token: string; body: PublicBody<'/draws/{drawId}/entries'> } | undefined;
  onEntered: (entered: Entered) => void;
  onConfirmed: (entered: Entered) => void;
  onCancelled: () => void;
  onRefused: (reason: unknown) => void;
  /** The confirm refused (the server's words): a claim another binding entry holds ends this entry. */
  onConfirmRefused: (reason: unknown) => void;
}): PaypalHandlers {
  return {
    createOrder: () => {
      const ready = form.readyFields();
      if (!ready) return undefined;
      return enterDraw(form.drawId, ready.body).then((answer) => {
        if (!answer.approveOrderId) throw new Error('the entry came back without a PayPal order');
        const entered = { entryId: answer.entryId, token: ready.token };
        entries.set(answer.approveOrderId, entered);
        form.onEntered(entered);
        return { orderId: answer.approveOrderId };
      });
    },
    onApproved: async (orderId) => {
      const entered = entries.get(orderId);
      if (!entered) return form.onRefused(undefined);
      try {
        await confirmEntry(form.drawId, entered.entryId, entered.token);
        form.onConfirmed(entered);
      } catch (reason) {
        form.onConfirmRefused(reason);
      }
    },
    onCancelled: form.onCancelled,
    onFailed: form.onRefused,
  };
}
