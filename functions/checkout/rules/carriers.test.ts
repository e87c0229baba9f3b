import { describe, expect, it } from 'vitest';
import { SHIPMENT_REFUSALS, shipmentDetails, shipRefusal, validTrackingUrl } from './carriers.ts';

describe('carriers and their tracking links', () => {
  it("builds each carrier's tracking link from the number, normalised", () => {
    expect(shipmentDetails({ carrier: 'ups', trackingNumber: ' 1z999aa1 0123456784 ' })).toEqual({
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
    });
    expect(shipmentDetails({ carrier: 'dhl', trackingNumber: '1234-5678-90' })).toMatchObject({
      trackingUrl:
        'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
    });
    expect(shipmentDetails({ carrier: 'fedex', trackingNumber: '123456789012' })).toMatchObject({
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    });
    expect(shipmentDetails({ carrier: 'canada-post', trackingNumber: '7023 2103 9876 5432' })).toMatchObject({
      trackingUrl:
        'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=7023210398765432',
    });
  });

  it('refuses a tracking number that is not 6 to 40 letters or digits', () => {
    for (const bad of ['', '12345', 'A'.repeat(41), '<script>', '12345678/9', 'ñ123456'])
      expect(shipmentDetails({ carrier: 'ups', trackingNumber: bad })).toEqual({
        refusal: SHIPMENT_REFUSALS.trackingNumber,
      });
  });

  it('takes a typed link only for "other", and only https to a real host', () => {
    expect(
      shipmentDetails({
        carrier: 'other',
        trackingNumber: 'AB123456',
        trackingUrl: 'https://track.example.com/p?n=AB1',
      }),
    ).toEqual({
      carrier: 'other',
      trackingNumber: 'AB123456',
      trackingUrl: 'https://track.example.com/p?n=AB1',
    });
    expect(shipmentDetails({ carrier: 'other', trackingNumber: 'AB123456' })).toEqual({
      refusal: SHIPMENT_REFUSALS.otherUrlMissing,
    });
    expect(
      shipmentDetails({ carrier: 'ups', trackingNumber: 'AB123456', trackingUrl: 'https://x.example.com' }),
    ).toEqual({ refusal: SHIPMENT_REFUSALS.urlNotOther });
    for (const bad of [
      'http://track.example.com/x',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://user:pw@track.example.com/',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://track.example.com:8443/x',
      'https://track example.com/',
      'track.example.com/x',
      `https://track.example.com/${'a'.repeat(500)}`,
    ])
      expect(validTrackingUrl(bad), bad).toBeUndefined();
  });

  it('ships only a paid order, once, and says when and by whom it was shipped', () => {
    expect(shipRefusal({ status: 'paid' })).toBeUndefined();
    for (const status of ['pending', 'failed', 'refunded'])
      expect(shipRefusal({ status })).toBe(SHIPMENT_REFUSALS.notPaid);
    const message = shipRefusal({
      status: 'paid',
      fulfilment: 'shipped',
      shipment: {
        carrier: 'canada-post',
        trackingNumber: 'AB123456',
        shippedAt: '2026-03-02T19:30:00Z',
        shippedBy: 'ada',
      },
    });
    expect(message).toContain('already shipped');
    expect(message).toContain('by ada');
    expect(message).toContain('Canada Post AB123456');
    // 19:30 UTC is 11:30 in Vancouver (PST) that day.
    expect(message).toMatch(/Mar 2, 2026, 11:30/);
  });
});
