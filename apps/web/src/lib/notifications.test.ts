import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  dismiss,
  type Notice,
  notePageChange,
  noteUserInput,
  notify,
  subscribeNotices,
} from './notifications.ts';

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
  it('keeps a confirmation through the page change its action caused, then dismisses it at the next one', () => {
    noteUserInput(); // Confirm order
    notify('Order placed!', 'success');
    notePageChange(); // the same action navigates: /cart-checkout -> /checkout-completed
    expect(messages()).toEqual(['Order placed!']);
    noteUserInput(); // the member opens the shop
    notePageChange();
    expect(messages()).toEqual([]);
  });

  it('dismisses a confirmation of the page it was raised on when the user moves to another page', () => {
    noteUserInput(); // Add brand
    notify('Whey Co is added.', 'success'); // the brands page stays
    noteUserInput(); // the operator opens Products
    notePageChange();
    expect(messages()).toEqual([]);
  });

  it('carries only the snackbars raised since the last input', () => {
    notify('earlier', 'info');
    noteUserInput();
    notify('Order updated!', 'success');
    notePageChange();
    expect(messages()).toEqual(['Order updated!']);
    notify('a redirect of the new page', 'error');
    notePageChange(); // the new page redirects at once
    expect(messages()).toEqual(['a redirect of the new page']);
  });

  it('a snackbar dismissed by its timer or the user is gone without waiting for a page change', () => {
    const id = notify('Profile updated!', 'success');
    dismiss(id);
    expect(messages()).toEqual([]);
    notePageChange();
    expect(messages()).toEqual([]);
  });
});
