import { describe, expect, it } from 'vitest';
import { checkShipments, checkTrackingNumber, shipTitle } from './tracking.ts';

describe('tracking numbers in the ship form', () => {
  it('accepts carrier numbers, dropping spaces and dashes and upper-casing', () => {
    expect(checkTrackingNumber('1z 999 aa1 0123456784')).toEqual({ value: '1Z999AA10123456784' });
    expect(checkTrackingNumber('9400-1118-9922-3197-4284-90')).toEqual({ value: '9400111899223197428490' });
  });

  it('refuses what the server would refuse, with the message to show', () => {
    expect(checkTrackingNumber('')).toEqual({ problem: 'Please enter a tracking number.' });
    expect(checkTrackingNumber('abc')).toEqual({ problem: 'A tracking number is 8-40 letters and digits.' });
    expect(checkTrackingNumber('1Z999AA1<script>')).toEqual({
      problem: 'A tracking number is 8-40 letters and digits.',
    });
  });

  it('checks a whole batch and keys the problems by order', () => {
    const result = checkShipments({ a: '1Z999AA10123456784', b: 'x' }, ['a', 'b', 'c']);
    expect(result.shipments).toEqual([{ orderId: 'a', trackingNumber: '1Z999AA10123456784' }]);
    expect(Object.keys(result.problems)).toEqual(['b', 'c']);
  });

  it('titles the form with boxes on the boxes page and orders on the tub orders page, pluralised', () => {
    expect(shipTitle(1, 'box')).toBe('Ship 1 box');
    expect(shipTitle(3, 'box')).toBe('Ship 3 boxes');
    expect(shipTitle(1, 'order')).toBe('Ship 1 order');
    expect(shipTitle(2, 'order')).toBe('Ship 2 orders');
  });
});
