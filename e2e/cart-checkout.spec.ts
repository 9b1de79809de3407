import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/**
 * The cart checkout (docs/product.md#shop-and-cart): a member who paid the first box has two tubs in the cart,
 * changes a quantity, applies and removes WELCOME10 (the totals follow), changes the state (the
 * tax follows), pays with the saved card and lands on /checkout-completed with "Order placed!".
 * Then a declined new card keeps the cart and a retry with 4242 succeeds.
 */

async function capture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

/** The API as the signed-in page calls it (bearer token and the XSRF echo from its cookie). */
async function api(page: Page, method: string, path: string) {
  return page.evaluate(
    async ({ method, path }) => {
      const token = localStorage.getItem('auth');
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        },
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path },
  );
}

/** Puts these products in the member's cart and stores its id as the web app does. */
async function fillCart(page: Page, productIds: number[]) {
  let cartId = '0';
  for (const productId of productIds) {
    const added = await api(page, 'POST', `/cart/addToCart?productId=${productId}&cartId=${cartId}`);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    cartId = added.body.id;
  }
  await page.evaluate((id) => localStorage.setItem('cartId', id), cartId);
  return cartId;
}

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

test('a member checks out the cart with the saved card, with WELCOME10 applied and removed; a declined new card keeps the cart and a retry succeeds', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await finishQuizToCheckout(page, 'cart');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/);

  const shop = await api(page, 'GET', '/product/GetShopProducts');
  expect(shop.status).toBe(200);
  const unlocked = (shop.body.subscribedToProducts as { id: number }[]).map((p) => p.id);
  expect(unlocked.length).toBeGreaterThanOrEqual(2);
  await fillCart(page, unlocked.slice(0, 2));

  await page.goto('/cart-checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  const summaryToggle = page.getByRole('button', { name: /Order Summary/ });
  await expect(summaryToggle).toHaveAttribute('aria-expanded', 'true');
  const lines = page.locator('.cart-line');
  await expect(lines).toHaveCount(2);
  // Member prices with the list price struck through.
  await expect(lines.first().locator('s')).toBeVisible();
  // Shipping prefilled from the profile (the first checkout saved it), the saved card offered.
  await expect(page.getByLabel('First name')).toHaveValue('Maya');
  await expect(page.getByLabel('State')).toHaveValue('TX');
  await expect(page.locator('.saved-card')).toContainText(/Visa\s*••••.*4242/);
  // Paying with the saved card, the page still says who would charge it (the test store charges nothing).
  await expect(
    page.getByText('This store is in test mode: no card is charged.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Handling Fee/ })).toContainText('$2.99');
  await expect(page.getByRole('row', { name: /Shipping/ })).toContainText('Free');
  const total = page.getByRole('row', { name: /Total \(USD\)/ }).locator('td');
  const tax = page.getByRole('row', { name: /Estimated Tax/ }).locator('td');
  await expect(tax).toHaveText(/^\$\d+\.\d\d$/);
  const startTotal = money(await total.textContent());
  expect(startTotal).toBeGreaterThan(2.99);
  await expectAccessible(page, 'cart checkout');

  // − is disabled at 1; + raises the quantity and the total.
  await expect(lines.first().getByRole('button', { name: /Decrease quantity/ })).toBeDisabled();
  await lines
    .first()
    .getByRole('button', { name: /Increase quantity/ })
    .click();
  await expect(lines.first().locator('output')).toHaveText('2');
  await expect.poll(async () => money(await total.textContent())).toBeGreaterThan(startTotal);
  const twoTotal = money(await total.textContent());

  // The coupon: Apply only with a code; WELCOME10 takes 10% off; removing it restores the total.
  const apply = page.getByRole('button', { name: 'Apply', exact: true });
  await expect(apply).toBeDisabled();
  // A code the store does not know: the reason beside the field, and what was typed stays.
  const couponField = page.getByLabel('Coupon code');
  await couponField.fill('NOSUCHCODE');
  await apply.click();
  const couponError = page.locator('.coupon-box__error');
  await expect(couponError).toBeVisible();
  await expect(couponError).not.toBeEmpty();
  await expect(couponField).toHaveValue('NOSUCHCODE');
  await expect(couponField).toHaveAttribute('aria-invalid', 'true');
  await expect(couponField).toHaveAccessibleDescription((await couponError.textContent()) ?? '');
  // Before paying, the page says what paying means: free shipping, the fee, how to stop.
  const promises = page.getByRole('list', { name: 'What paying means' });
  await expect(promises).toContainText('Shipping is free');
  await expect(promises).toContainText('$2.99 handling fee');
  await expect(promises).toContainText('cancel under Membership');
  await couponField.fill('welcome10');
  await expect(couponError).toHaveCount(0);
  await apply.click();
  const applied = page.locator('.coupon-applied');
  await expect(applied).toContainText('WELCOME10');
  await expect(page.getByRole('row', { name: /Coupon/ })).toBeVisible();
  await expect.poll(async () => money(await total.textContent())).toBeLessThan(twoTotal);
  await capture(page, 'cart-checkout-01-coupon');
  await page.getByRole('button', { name: 'Remove coupon WELCOME10' }).click();
  await expect(applied).toHaveCount(0);
  await expect.poll(async () => money(await total.textContent())).toBe(twoTotal);

  // The state drives the tax: Texas 6.25%, Oregon none.
  await page.getByLabel('State').selectOption('OR');
  await expect(tax).toHaveText('$0.00');
  await page.getByLabel('State').selectOption('TX');
  await expect(tax).not.toHaveText('$0.00');

  // Collapsing the summary hides the items; it opens again.
  await summaryToggle.click();
  await expect(lines.first()).toBeHidden();
  await summaryToggle.click();
  await expect(lines.first()).toBeVisible();
  await capture(page, 'cart-checkout-02-ready');

  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/checkout-completed$/);
  await expect(page.getByRole('heading', { name: 'Thank you!', level: 1 })).toBeVisible();
  await expect(page.getByText('A confirmation has been sent to your email!')).toBeVisible();
  await expect(page.getByText('Order placed!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your order' })).toHaveAttribute(
    'href',
    /\/order-detail\/[0-9a-f-]{36}$/,
  );
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.locator('.completed__facts')).toContainText(`$${twoTotal.toFixed(2)}`);
  // What was bought, each tub named with its flavor, and what happens next.
  const tubs = page.getByRole('region', { name: 'Your tubs' }).getByRole('listitem');
  await expect(tubs.first()).toBeVisible();
  for (const line of await tubs.allTextContents()) expect(line).toMatch(/^.+, .+ x\d+$/);
  await expect(page.getByText(/^What happens next: we pack your tubs/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cartId'))).toBeNull();
  // The top bar's count is gone, and the cart panel no longer holds the paid cart.
  await expect(page.getByRole('button', { name: 'Cart', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cart', exact: true }).click();
  await expect(page.getByRole('dialog').getByText('Your cart is empty.')).toBeVisible();
  await page.getByRole('button', { name: 'Close the cart' }).click();
  await expectAccessible(page, 'checkout completed');
  await capture(page, 'checkout-completed');

  // The cart is gone: /cart-checkout shows the empty state with a way to the shop.
  await page.goto('/cart-checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
  await capture(page, 'cart-checkout-03-empty');

  // A declined new card: the cart stays, Confirm order works again, then 4242 pays.
  await fillCart(page, [unlocked[0]!]);
  await page.goto('/cart-checkout');
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Use a new card' }).click();
  await fillCard(page, '4000 0000 0000 0002');
  const confirm = page.getByRole('button', { name: /Confirm order|Confirming/ });
  await confirm.click();
  await expect(page.locator('.cart-checkout__error')).toHaveText(/declined/i);
  await expect(confirm).toHaveText('Confirm order');
  await expect(confirm).toBeEnabled();
  await expect(page).toHaveURL(/\/cart-checkout$/);
  await expect(page.locator('.cart-line')).toHaveCount(1);
  // Still editable after the decline.
  await expect(page.locator('.cart-line').getByRole('button', { name: /Increase quantity/ })).toBeEnabled();
  await capture(page, 'cart-checkout-04-declined');
  await fillCard(page, '4242 4242 4242 4242');
  // While the payment runs the button reads "Confirming..." and cannot be pressed again.
  await page.route('**/api/Payment/CreateCheckoutPayment**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await confirm.click();
  await expect(confirm).toHaveText('Confirming...');
  await expect(confirm).toBeDisabled();
  await expect(page).toHaveURL(/\/checkout-completed$/);
  await page.unroute('**/api/Payment/CreateCheckoutPayment**');
  await expect(page.getByText('Order placed!')).toBeVisible();

  // The order it became, from the completed page's link.
  const paidTotal = (await page.locator('.completed__facts dd').last().textContent())!.trim();
  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(/\/order-detail\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(page.getByText('Processing')).toBeVisible();
  await expect(page.getByRole('row', { name: / x1 / })).toContainText('$');
  await expect(page.getByRole('row', { name: /^Total/ })).toContainText(paidTotal);
  await capture(page, 'cart-checkout-05-order');
});
