import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CARRIERS, type CarrierId } from '#shared/vocabulary.ts';
import type { AdminAnswer, AdminBody } from '../../../lib/api-types.ts';
import { adminPatch, adminPost } from '../api.ts';
import { useAction } from '../kit/action.ts';
import { SelectField, TextField } from '../kit/fields.tsx';
import { ConfirmButton, ErrorText, StatusText, vancouverTime } from '../ui.tsx';
import type { OrderDetails } from './types.ts';

type ShipmentBody = AdminBody<'/orders/{id}/shipment'>;
const carrierName = (id: string) => CARRIERS.find((c) => c.id === id)?.name ?? id;

/** Carrier, tracking number and (for "other") the tracking link: to ship, or to correct. */
function ShipmentForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: OrderDetails['shipment'];
  submitLabel: string;
  onSubmit: (body: ShipmentBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const [carrier, setCarrier] = useState<CarrierId>(initial?.carrier ?? 'canada-post');
  const [trackingNumber, setTrackingNumber] = useState(initial?.trackingNumber ?? '');
  const [trackingUrl, setTrackingUrl] = useState(initial?.carrier === 'other' ? initial.trackingUrl : '');
  const { busy, error, run } = useAction('Error');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      await onSubmit({
        carrier,
        trackingNumber,
        ...(carrier === 'other' ? { trackingUrl } : {}),
      });
    });
  };
  return (
    <form className="adm-orders-ship" onSubmit={submit} aria-label={submitLabel}>
      <SelectField
        label="carrier"
        value={carrier}
        onChange={setCarrier}
        choices={CARRIERS.map((c) => [c.id, c.name] as const)}
      />
      <TextField
        label="tracking number"
        required
        maxLength={64}
        autoComplete="off"
        value={trackingNumber}
        onChange={setTrackingNumber}
      />
      {carrier === 'other' && (
        <TextField
          label="tracking link"
          hint="the carrier's tracking page, starting with https://"
          type="url"
          required
          pattern="https://.*"
          maxLength={500}
          placeholder="https://"
          value={trackingUrl}
          onChange={setTrackingUrl}
        />
      )}
      <div className="adm-row">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} disabled={busy}>
            cancel
          </button>
        )}
      </div>
      <ErrorText>{error}</ErrorText>
    </form>
  );
}

/**
 * The fulfilment of a paid order on /view-order/{id}: "mark as shipped" (carrier, tracking
 * number, the link for "other"), then the shipment as recorded with its correction and "mark as
 * delivered". Times in Vancouver.
 */
export function ShipmentSection({ order }: { order: OrderDetails }) {
  const queryClient = useQueryClient();
  const [correcting, setCorrecting] = useState(false);
  const [notice, setNotice] = useState('');
  const id = order.checkoutCode;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'order', order.checkoutCode] });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
  };
  const ship = async (body: ShipmentBody) => {
    let answer: AdminAnswer<'/orders/{id}/shipment', 'post'>;
    try {
      answer = await adminPost('/orders/{id}/shipment', body, { id });
    } catch (e) {
      // Refused (shipped meanwhile by a colleague, say): show the order as it is now.
      await refresh();
      throw e;
    }
    await refresh();
    setNotice(
      answer.mail === 'sent'
        ? 'shipped. the delivery e-mail was sent to the customer.'
        : 'shipped. the delivery e-mail could not be sent now; it will be sent within minutes.',
    );
  };
  const correct = async (body: AdminBody<'/orders/{id}/shipment', 'patch'>) => {
    await adminPatch('/orders/{id}/shipment', body, { id });
    await refresh();
    setCorrecting(false);
    setNotice('the shipment was corrected.');
  };
  const deliver = async () => {
    await adminPost('/orders/{id}/delivered', undefined, { id });
    await refresh();
    setNotice('marked as delivered.');
  };

  const shipment = order.shipment;
  return (
    <section className="adm-orders-section adm-orders-fulfilment" aria-labelledby="order-fulfilment">
      <h2 id="order-fulfilment">fulfilment</h2>
      <StatusText className="adm-orders-notice">{notice}</StatusText>
      {!shipment && order.status !== 'paid' && <p className="adm-muted">only a paid order can be shipped.</p>}
      {!shipment && order.status === 'paid' && (
        <>
          {order.businessDays !== undefined && (
            <p className={order.overdue ? 'adm-orders-overdue-note' : 'adm-muted'}>
              waiting {order.businessDays} business {order.businessDays === 1 ? 'day' : 'days'} since payment
              {order.overdue ? ': overdue (more than 7 business days).' : '.'}
            </p>
          )}
          <ShipmentForm submitLabel="mark as shipped" onSubmit={ship} />
        </>
      )}
      {shipment && (
        <>
          <dl className="adm-orders-facts">
            <div>
              <dt>carrier</dt>
              <dd>{carrierName(shipment.carrier)}</dd>
            </div>
            <div>
              <dt>tracking number</dt>
              <dd>
                <code>{shipment.trackingNumber}</code>
              </dd>
            </div>
            <div>
              <dt>tracking link</dt>
              <dd>
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {shipment.trackingUrl}
                </a>
              </dd>
            </div>
            <div>
              <dt>shipped (Vancouver)</dt>
              <dd>
                {vancouverTime(shipment.shippedAt)} by {shipment.shippedBy}
              </dd>
            </div>
            {shipment.correctedAt && (
              <div>
                <dt>corrected (Vancouver)</dt>
                <dd>
                  {vancouverTime(shipment.correctedAt)} by {shipment.correctedBy}
                </dd>
              </div>
            )}
            <div>
              <dt>delivery e-mail (Vancouver)</dt>
              <dd>
                {order.deliveryMailSentAt ? (
                  vancouverTime(order.deliveryMailSentAt)
                ) : (
                  <span className="adm-muted">not sent yet: the mail sweep will send it</span>
                )}
              </dd>
            </div>
            <div>
              <dt>delivered (Vancouver)</dt>
              <dd>
                {order.deliveredAt ? (
                  `${vancouverTime(order.deliveredAt)} by ${order.deliveredBy}`
                ) : (
                  <span className="adm-muted">not yet</span>
                )}
              </dd>
            </div>
          </dl>
          {correcting ? (
            <ShipmentForm
              initial={shipment}
              submitLabel="save the correction"
              onSubmit={correct}
              onCancel={() => setCorrecting(false)}
            />
          ) : (
            <div className="adm-row">
              <button type="button" onClick={() => setCorrecting(true)}>
                correct the shipment
              </button>
              {order.fulfilment === 'shipped' && (
                <ConfirmButton
                  className="adm-orders-deliver"
                  label="mark as delivered"
                  question="mark this order as delivered? the audit log records who did."
                  onConfirm={deliver}
                />
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
