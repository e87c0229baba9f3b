import { runInScope } from '../../functions/platform/request-scope.ts';
import type { StreamInvoker } from './table-stream.ts';

/** The order journal's function on the local stack, as its calls are recorded (test/iam). */
export const JOURNAL_ORDERS_FUNCTION = 'checkout/jobs/journal-orders';

/** The local stack's journal bucket (issue 49: the orders' forms outside the table). */
export const JOURNAL_BUCKET = 'boutique-journal';

/**
 * The journal's function from the source, run in this process inside its function's scope (so its
 * AWS calls are attributed), fed by its own reader of the table's stream: a second event source
 * mapping, as in AWS (infra/constructs/order-journal.ts), where the mapping's filter hands it only
 * order items; here it gets every change and looks at the keys itself.
 */
export function sourceJournalOrders(): StreamInvoker {
  return async (event, requestId) => {
    const { handler } = await import('../../functions/checkout/jobs/journal-orders.ts');
    // As Lambda hands it over: JSON, nothing of this process's objects.
    const wire = JSON.parse(JSON.stringify(event)) as typeof event;
    return runInScope(() => handler(wire), JOURNAL_ORDERS_FUNCTION, requestId);
  };
}
