import { Link } from 'react-router-dom';
import { navTarget } from '../../lib/nav-input.ts';
import type { EntryStatus } from './api.ts';

/** What became of the entry, in words: where it stands, and once drawn, its outcome. */
export function EntryWords({ status }: { status: EntryStatus }) {
  const { entry, draw } = status;
  if (entry.outcome === 'won') {
    const order = entry.checkoutCode
      ? navTarget('/products/success', { checkoutCode: entry.checkoutCode })
      : undefined;
    return (
      <div className="draw-outcome draw-won" role="status">
        <p className="checkout-lead">you won: {draw.pieceName} is yours.</p>
        <p>Your card was charged the amount it authorised.</p>
        {order ? (
          <p>
            <Link to={order} state={{ checkoutCode: entry.checkoutCode }}>
              see your order
            </Link>
          </p>
        ) : (
          <p className="checkout-note">your order is being made: its link comes here and by mail.</p>
        )}
      </div>
    );
  }
  if (entry.outcome === 'capture-failed')
    return (
      <div className="draw-outcome" role="status">
        <p className="checkout-lead">your entry won, but your card could not be charged.</p>
        <p>The piece is offered to the next entrant in the draw's order; nothing was charged.</p>
      </div>
    );
  if (entry.outcome === 'lost')
    return (
      <div className="draw-outcome draw-lost" role="status">
        <p className="checkout-lead">not you this time.</p>
        <p>Nothing was charged: your authorisation is released.</p>
      </div>
    );
  return <p className="checkout-lead draw-entry-state">{stateWords(status)}</p>;
}

function stateWords({ entry, draw }: EntryStatus): string {
  switch (entry.state) {
    case 'pending':
      return 'your card has not authorised the amount yet: this entry is not in the draw.';
    case 'entered':
      return draw.state === 'open'
        ? 'you are in the draw. nothing is charged unless you win.'
        : 'you are in the list: your line is below. nothing is charged unless you win.';
    case 'withdrawn':
      return 'you withdrew this entry: it is not in the list, and its authorisation is released.';
    case 'refused':
      return entry.refusedFor === 'address'
        ? 'this entry was refused: another binding entry ships to its address. nothing is charged. we have mailed you what to do if nobody else at this address entered.'
        : entry.refusedFor === 'email'
          ? 'this entry was refused: your e-mail has another binding entry in this draw. nothing is charged.'
          : 'this entry was refused: its card entered the draw already. nothing is charged.';
    default:
      return 'this entry lapsed: its card never authorised the amount before the close. nothing is charged.';
  }
}
