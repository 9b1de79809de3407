import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/**
 * The cart side panel (docs/product.md#shop-and-cart): a member who paid the first box adds an unlocked product
 * from its detail page, the MY CART panel opens and the badge counts it, the stepper never goes
 * below 1, items are deleted, two tubs are added, Escape closes the panel and focus goes back,
 * CHECKOUT goes to /cart-checkout; a locked product has no ADD TO CART and the API refuses it.
 */

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

async function capturePanel(page: Page, name: string) {
  await captureScreens(page, name);
}

test('a member adds tubs from the product page to the MY CART panel, changes quantities, deletes, and checks out; a locked product cannot be added', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await finishQuizToCheckout(page, 'cartpanel');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/);

  const options = await api(page, 'GET', '/product/GetPersonalizedOptions');
  expect(options.status).toBe(200);
  const products = options.body as {
    id: number;
    title: string;
    flavorSubCategoryText: string;
    unlocked: boolean;
  }[];
  // A cart line's buttons name the product with its flavor.
  const named = (p: (typeof products)[number]) => `${p.title}, ${p.flavorSubCategoryText}`;
  const unlocked = products.filter((p) => p.unlocked);
  const locked = products.find((p) => !p.unlocked)!;
  expect(unlocked.length).toBeGreaterThanOrEqual(2);
  expect(locked).toBeTruthy();
  const [first, second] = unlocked;

  const cartButton = page.getByRole('button', { name: /^Cart/ });
  await expect(cartButton).toHaveAccessibleName('Cart');

  // ADD TO CART opens the panel with the tub, and the badge counts it.
  await page.goto(`/product-detail/${first!.id}`);
  const addButton = page.getByRole('button', { name: 'ADD TO CART' });
  await expect(addButton).toBeVisible();
  await captureScreens(page, 'cart-00-product-add-to-cart');
  await addButton.click();
  const panel = page.getByRole('dialog', { name: 'MY CART' });
  await expect(panel).toBeVisible();
  await expect(cartButton).toHaveAccessibleName('Cart, 1 item');
  const lines = panel.getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(first!.title);
  await expect(panel.getByTestId('cart-savings')).toContainText(/You saved \$\d+\.\d{2}/);
  const storedId = await page.evaluate(() => localStorage.getItem('cartId'));
  expect(storedId).toMatch(/^[0-9a-f-]{36}$/);

  // The panel is 719 px wide on a desktop.
  const box = await panel.boundingBox();
  expect(Math.round(box!.width)).toBe(719);

  // − is disabled at 1; + raises the quantity, the subtotal and the badge; − lowers them again.
  const minus = panel.getByRole('button', { name: `Decrease quantity of ${named(first!)}` });
  const plus = panel.getByRole('button', { name: `Increase quantity of ${named(first!)}` });
  const quantity = panel.getByTestId('cart-quantity');
  const subtotal = panel.getByTestId('cart-subtotal');
  await expect(minus).toBeDisabled();
  const oneTub = await subtotal.textContent();
  await plus.click();
  await expect(quantity).toHaveText('2');
  await expect(cartButton).toHaveAccessibleName('Cart, 2 items');
  await expect(minus).toBeEnabled();
  const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));
  await expect.poll(async () => money(await subtotal.textContent())).toBeCloseTo(2 * money(oneTub), 2);
  await minus.click();
  await expect(quantity).toHaveText('1');
  await expect(minus).toBeDisabled();
  await expect(cartButton).toHaveAccessibleName('Cart, 1 item');

  // Escape closes it and focus goes back to ADD TO CART.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(addButton).toBeFocused();

  // A second tub from another product: two lines.
  await page.goto(`/product-detail/${second!.id}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(panel).toBeVisible();
  await expect(lines).toHaveCount(2);
  await expect(cartButton).toHaveAccessibleName('Cart, 2 items');
  await expect(panel.getByRole('button', { name: 'Close the cart' })).toBeVisible();
  await expectAccessible(page, 'cart panel');
  await capturePanel(page, 'cart-01-panel-two-tubs');

  // Keyboard: Tab stays inside the open dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
    expect(inside).toBe(true);
  }

  // E7: another tab raises the second tub to 3; this tab's stale + is refused with 409, the panel
  // reads the cart again quietly and, the first line being as the person saw it, makes the +.
  const current = await api(page, 'GET', `/cart/GetItem?id=${storedId}`);
  const secondItem = (current.body.items as { id: string; productId: number }[]).find(
    (i) => i.productId === second!.id,
  )!;
  const otherTab = await page.evaluate(
    async ({ id, version }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const res = await fetch('/api/cartItem/save', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('auth')}`,
          'content-type': 'application/json',
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        },
        body: JSON.stringify({ id, quantity: 3, version }),
      });
      return res.status;
    },
    { id: secondItem.id, version: current.body.version as number },
  );
  expect(otherTab).toBe(200);
  await panel.getByRole('button', { name: `Increase quantity of ${named(first!)}` }).click();
  await expect(panel.getByTestId('cart-quantity')).toHaveText(['2', '3']);
  await expect(cartButton).toHaveAccessibleName('Cart, 5 items');
  // No red error: nothing went wrong.
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await capturePanel(page, 'cart-04-changed-in-another-tab');

  // Delete the first line.
  await panel.getByRole('button', { name: `Remove ${named(first!)} from the cart` }).click();
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(second!.title);
  await expect(cartButton).toHaveAccessibleName('Cart, 3 items');
  await panel.getByRole('button', { name: 'Close the cart' }).click();
  await expect(panel).toBeHidden();

  // After a reload the badge comes from the stored cart; the icon opens the panel.
  await page.reload();
  await expect(cartButton).toHaveAccessibleName('Cart, 3 items');
  await cartButton.click();
  await expect(panel).toBeVisible();
  await expect(lines).toHaveCount(1);

  // A phone: the panel takes the full width.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(Math.round((await panel.boundingBox())!.width)).toBe(390);
  await page.setViewportSize({ width: 1366, height: 900 });

  // CHECKOUT closes the panel and goes to the cart checkout.
  await panel.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/cart-checkout$/);
  await expect(panel).toBeHidden();

  // A locked product: no ADD TO CART, a reason instead; the API refuses it too.
  await page.goto(`/product-detail/${locked.id}`);
  await expect(page.getByTestId('product-locked')).toContainText(
    'unlocks once it has been in one of your boxes',
  );
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toHaveCount(0);
  const refused = await api(page, 'POST', `/cart/addToCart?productId=${locked.id}&cartId=${storedId}`);
  expect(refused.status).toBe(403);
  expect(refused.body.error_description).toMatch(/unlocks once/);
  await captureScreens(page, 'cart-02-locked-product');

  // Emptying the cart shows the empty state.
  await cartButton.click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: `Remove ${named(second!)} from the cart` }).click();
  await expect(panel.getByText('Your cart is empty.')).toBeVisible();
  await expect(cartButton).toHaveAccessibleName('Cart');
  await capturePanel(page, 'cart-03-empty');
});
