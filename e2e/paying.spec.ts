import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/*
 * The moment of paying (docs/product.md#the-renewal-said-before-paying, docs/payments.md#card-field,
 * docs/payments.md#a-declined-card), at 390 and 1366 px: the first renewal said beside Confirm
 * order on the schedule chosen, the accepted cards at the card field, a decline said at the card
 * with what to do and nothing typed lost, the same on the cart checkout; and, with Stripe keys,
 * Stripe's Payment Element in place of the sandbox field, loaded only where a card is typed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** "January 11" for today plus `days`, as a calendar day in UTC (the day Membership prints). */
function dayAfter(days: number): { short: string; long: string } {
  const date = new Date(Date.now() + days * DAY_MS);
  const options = { month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
  return {
    short: date.toLocaleDateString('en-US', options),
    long: date.toLocaleDateString('en-US', { ...options, year: 'numeric' }),
  };
}

/** One tub the member unlocked, put in their cart through the API as the shop's button does. */
async function putUnlockedTubInCart(page: Page) {
  const cartId = await page.evaluate(async () => {
    const token = localStorage.getItem('auth');
    const xsrf = document.cookie
      .split('; ')
      .find((c) => c.startsWith('XSRF-TOKEN='))
      ?.slice('XSRF-TOKEN='.length);
    const headers = {
      authorization: `Bearer ${token}`,
      ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
    };
    const shop = await (await fetch('/api/product/GetShopProducts', { headers })).json();
    const productId = shop.subscribedToProducts[0].id;
    const added = await fetch(`/api/cart/addToCart?productId=${productId}&cartId=0`, {
      method: 'POST',
      headers,
    });
    return (await added.json()).id as string;
  });
  await page.evaluate((id) => localStorage.setItem('cartId', id), cartId);
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
  return context.newPage();
}

for (const width of [390, 1366]) {
  test(`at ${width} px: the renewal is said before paying, a declined card is said at the card, on both checkouts`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await newPage(browser, width);
    await finishQuizToCheckout(page, `renewal-${width}`);

    // The accepted cards at the card field.
    const brands = page.getByRole('list', { name: 'We accept' });
    await expect(brands.getByRole('listitem')).toHaveText([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
    ]);

    // Beside Confirm order: the first renewal on the default schedule, then on the one chosen.
    const confirm = page.getByRole('button', { name: 'Confirm order' });
    const in30 = dayAfter(30);
    await expect(confirm).toHaveAccessibleDescription(
      `Next box ${in30.short}: $14.00 + $2.99 handling + tax, then every 30 days`,
    );
    await page.getByRole('radio', { name: 'Every 45 days' }).check();
    const in45 = dayAfter(45);
    const renewal = `Next box ${in45.short}: $14.00 + $2.99 handling + tax, then every 45 days`;
    await expect(page.getByText(renewal)).toBeVisible();
    await expect(confirm).toHaveAccessibleDescription(renewal);

    // A declined card: the card number is marked invalid with the reason and what to do, it has
    // the focus, and nothing typed is lost.
    await fillShipping(page);
    await fillCard(page, '4000 0000 0000 0002');
    await confirm.click();
    const number = page.getByLabel('Card number');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toBeFocused();
    await expect(number).toHaveAccessibleDescription(
      'Your card was declined. Nothing was charged. Try another card, or check the card number, expiration date and security code.',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'see the card field' })).toBeVisible();
    await expect(number).toHaveValue('4000 0000 0000 0002');
    await expect(page.getByLabel('Expiration date')).toHaveValue('12 / 34');
    await expect(page.getByLabel('First name')).toHaveValue('Maya');
    await expect(page.getByLabel('Zip code')).toHaveValue('78704');
    await expect(page.getByRole('radio', { name: 'Every 45 days' })).toBeChecked();
    await expectAccessible(page, `checkout after a decline at ${width} px`);
    await number.scrollIntoViewIfNeeded();
    // One capture holds both widths.
    if (width === 390) await captureScreens(page, 'paying-declined');

    // Typing another card clears the mark; it pays, and Membership bills on the day promised.
    await number.fill('4242 4242 4242 4242');
    await expect(number).not.toHaveAttribute('aria-invalid', 'true');
    await confirm.click();
    await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Every 45 days');
    await expect(page.getByText(in45.long).first()).toBeVisible();

    // The cart checkout says the member's next box too: buying tubs does not move it.
    await putUnlockedTubInCart(page);
    await page.goto('/cart-checkout');
    await expect(page.locator('.cart-line')).toHaveCount(1);
    const pay = page.getByRole('button', { name: 'Confirm order' });
    await expect(pay).toHaveAccessibleDescription(`Your membership stays as it is. ${renewal}.`);
    // A new card declined: said at its field, the cart and the address kept.
    await page.getByRole('button', { name: 'Use a new card' }).click();
    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription(/^Your card was declined\. .*Try another card/);
    await expect(page.locator('.cart-checkout__error')).toHaveText(/declined/i);
    await expect(page.locator('.cart-line')).toHaveCount(1);
    if (width === 390) await captureScreens(page, 'paying-cart-declined');
    await page.context().close();
  });
}

/**
 * A stand-in for Stripe.js (the browser tests never reach Stripe): it records how the Payment
 * Element is set up, draws a plain input where Stripe's iframe would be, and turns what was
 * entered into the PaymentMethod id the test chose, one the store's sandbox understands.
 */
const FAKE_STRIPE_JS = `
window.__stripe = { calls: [], next: 'pm_card_chargeDeclined' };
window.Stripe = function (key) {
  window.__stripe.calls.push({ call: 'Stripe', key: key });
  return {
    elements: function (options) {
      window.__stripe.calls.push({ call: 'elements', options: options });
      return {
        create: function (type, options) {
          window.__stripe.calls.push({ call: 'create', type: type, options: options });
          return {
            mount: function (target) {
              var label = document.createElement('label');
              label.textContent = 'Stripe payment element';
              var input = document.createElement('input');
              input.id = 'fake-payment-element';
              label.appendChild(input);
              target.appendChild(label);
            },
            on: function () {},
            destroy: function () {},
            focus: function () {
              window.__stripe.calls.push({ call: 'focus' });
              document.getElementById('fake-payment-element').focus();
            },
          };
        },
        submit: function () {
          window.__stripe.calls.push({ call: 'submit' });
          return Promise.resolve({});
        },
      };
    },
    createPaymentMethod: function (input) {
      window.__stripe.calls.push({ call: 'createPaymentMethod', withElements: Boolean(input.elements) });
      return Promise.resolve({ paymentMethod: { id: window.__stripe.next } });
    },
    handleNextAction: function () {
      return Promise.resolve({ error: { message: 'not in this test' } });
    },
  };
};
`;

test('with Stripe keys the Payment Element takes the card, at 390 and 1366 px; public pages and the sandbox never load it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Offline sandbox: the home page and the checkout load no Stripe code at all.
  const visitor = await newPage(browser, 1366);
  const requested: string[] = [];
  visitor.on('request', (request) => requested.push(request.url()));
  await visitor.goto('/');
  await visitor.waitForLoadState('networkidle');
  await finishQuizToCheckout(visitor, 'sandbox-only');
  await expect(visitor.getByLabel('Card number')).toBeVisible();
  expect(requested.filter((url) => /stripe/i.test(url))).toEqual([]);
  await visitor.context().close();

  for (const width of [390, 1366]) {
    const page = await newPage(browser, width);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.route('**/api/checkout/PaymentConfig', (route) =>
      route.fulfill({ json: { provider: 'stripe', publishableKey: 'pk_test_stand_in' } }),
    );
    await page.route('https://js.stripe.com/v3/', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS }),
    );
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // The home page's scripts hold none of the Stripe field.
    expect(scripts.filter((path) => /stripe/i.test(path))).toEqual([]);

    await finishQuizToCheckout(page, `stripe-${width}`);
    await expect(page.getByLabel('Stripe payment element')).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'We accept' }).getByRole('listitem')).toHaveCount(4);
    expect(scripts.some((path) => /stripe-card-field/.test(path))).toBe(true);
    const setup = await page.evaluate(
      () => (window as unknown as { __stripe: { calls: unknown[] } }).__stripe.calls,
    );
    expect(setup).toEqual([
      { call: 'Stripe', key: 'pk_test_stand_in' },
      {
        call: 'elements',
        options: expect.objectContaining({
          mode: 'setup',
          currency: 'usd',
          paymentMethodCreation: 'manual',
          paymentMethodTypes: ['card'],
        }),
      },
      { call: 'create', type: 'payment', options: { layout: 'tabs' } },
    ]);

    // The bank declines: the message and what to do at the Payment Element, which takes focus.
    await fillShipping(page);
    const confirm = page.getByRole('button', { name: 'Confirm order' });
    await confirm.click();
    const card = page.getByRole('group', { name: 'Card' });
    await expect(card.getByRole('alert')).toContainText('Your card was declined.');
    await expect(card.getByRole('alert')).toContainText('Try another card');
    await expect(card).toHaveAttribute('data-invalid', 'true');
    await expect(page.getByLabel('Stripe payment element')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveValue('Maya');
    await expectAccessible(page, `Payment Element after a decline at ${width} px`);
    if (width === 390) await captureScreens(page, 'paying-stripe-declined');

    // Another card pays through the same field.
    await page.evaluate(() => {
      (window as unknown as { __stripe: { next: string } }).__stripe.next = 'pm_card_visa';
    });
    await confirm.click();
    await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
    const calls = await page.evaluate(() =>
      (window as unknown as { __stripe: { calls: { call: string }[] } }).__stripe.calls.map((c) => c.call),
    );
    expect(calls.filter((c) => c === 'submit')).toHaveLength(2);
    expect(calls.filter((c) => c === 'createPaymentMethod')).toHaveLength(2);
    await page.context().close();
  }
});
