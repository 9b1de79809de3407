import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { dismiss, type Notice, notePageChange, notify, subscribeNotices } from './notifications.ts';

let shown: Notice[] = [];
const stop = subscribeNotices((notices) => {
  shown = notices;
});
const messages = () => shown.map((n) => n.message);

afterEach(() => {
  for (const n of shown) dismiss(n.id);
});
afterAll(stop);

describe('snackbars across page changes', () => {
  it('keeps a confirmation through the page change it caused, then dismisses it at the next one', () => {
    notify('Order placed!', 'success');
    notePageChange(); // /cart-checkout -> /checkout-completed
    expect(messages()).toEqual(['Order placed!']);
    notePageChange(); // -> /shop
    expect(messages()).toEqual([]);
  });

  it('does not let an admin confirmation trail the operator onto a second page', () => {
    notify('Whey Co is added.', 'success');
    expect(messages()).toEqual(['Whey Co is added.']);
    notePageChange(); // the brands page -> the products page
    notePageChange(); // -> the members page
    expect(messages()).toEqual([]);
  });

  it('counts page changes per snackbar: one raised after a page change gets its own survival', () => {
    notify('first', 'info');
    notePageChange();
    notify('second', 'info');
    notePageChange();
    expect(messages()).toEqual(['second']);
    notePageChange();
    expect(messages()).toEqual([]);
  });

  it('a snackbar dismissed by its timer or the user is gone without waiting for a page change', () => {
    const id = notify('Profile updated!', 'success');
    dismiss(id);
    expect(messages()).toEqual([]);
    notePageChange();
    expect(messages()).toEqual([]);
  });
});
