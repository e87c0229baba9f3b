import { describe, expect, it } from 'vitest';
import { formatPrice, paymentAmount } from '#shared/format.ts';
import { mediaSrc } from '#shared/media.ts';

describe('formatting', () => {
  it('shows whole prices without decimals and others with two', () => {
    expect(formatPrice(4200)).toBe('4200');
    expect(formatPrice(1850.5)).toBe('1850.50');
  });
  it('gives payment amounts two decimals', () => expect(paymentAmount(4200)).toBe('4200.00'));
  it('maps s3 urls to the media path and leaves others alone', () => {
    expect(mediaSrc('s3/collection_images/a.svg')).toBe('/media/collection_images/a.svg');
    expect(mediaSrc('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
  });
});
