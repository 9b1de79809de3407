import { describe, expect, it } from 'vitest';
import { carrierLink } from './tracking.ts';

describe('carrierLink', () => {
  it('tells UPS, USPS and FedEx apart by the number format and links their tracking pages', () => {
    expect(carrierLink('1Z999AA10123456784')).toEqual({
      carrier: 'UPS',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(carrierLink('9400 1000 0000 0000 0000 00')).toEqual({
      carrier: 'USPS',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    });
    expect(carrierLink('ec123456789us')?.carrier).toBe('USPS');
    expect(carrierLink('123456789012')).toEqual({
      carrier: 'FedEx',
      url: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    });
    expect(carrierLink('123456789012345')?.carrier).toBe('FedEx');
    expect(carrierLink('96119400000000000000')?.carrier).toBe('FedEx');
  });

  it('answers null for a number of no known format, and for none', () => {
    for (const n of ['TRACK12345', 'ABCDEFGH', '12345678', '', null, undefined])
      expect(carrierLink(n)).toBeNull();
  });
});
