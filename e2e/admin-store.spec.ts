import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { newAccount, openMail, submitLogin } from './support/accounts.ts';
import { becomeMember, expectAccessible } from './support/journeys.ts';

/**
 * The back office as the store sees it (docs/product.md#back-office), across features: a product the
 * operator creates in the catalog UI reaches a member's /shop (locked, with the box that unlocks
 * it) and a new quiz taker's results, and a reprice shows in the shop at once; a tub order a
 * member places through the cart reaches Fulfillment → Tub orders, is shipped with a tracking
 * number, and the member's order page and mail say so. (The coupon a member applies is covered by
 * admin-members.spec.ts, through the UI.) Admin pages are shot at 1366 px, member pages at 390 px.
 */

const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };

/** A w×h PNG of one colour, made here: signature, IHDR, one zlib-packed IDAT, IEND. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG = { name: 'tub.png', mimeType: 'image/png', buffer: solidPng(64, 64, [232, 120, 40]) };

/** A screenshot at one width (admin pages at 1366 px, member pages at 390 px), from the top. */
async function shoot(page: Page, name: string, width: 390 | 1366) {
  const original = page.viewportSize();
  await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({
    path: `test-results/screenshots/${name}-${width}.png`,
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
  if (original) await page.setViewportSize(original);
}

/** The operator, signed in at /admin in a browser of their own. */
async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`/login?returnUrl=${encodeURIComponent('/admin')}`);
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** The member's shop, with the referral popup kept away (shop.spec.ts covers it). */
async function openShop(page: Page) {
  await page.evaluate(() => localStorage.setItem('referralPopupShown', 'true'));
  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your unlocked tubs' }).getByRole('listitem')).toHaveCount(2);
}

test.describe('the back office reaches the store', () => {
  test('a product created in the catalog UI is in a member’s shop (locked) and a new quiz taker’s matches; a reprice shows at once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const tag = randomBytes(3).toString('hex');
    const brandName = `Ridgeline ${tag}`;
    const title = `Summit Whey ${tag}`;

    // A member who paid the first box (no diet restrictions): the shop before the product exists.
    await becomeMember(page, 'store-shop');
    await openShop(page);
    const lockedList = page.getByRole('region', { name: 'Unlock with your next box' });
    await expect(lockedList.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

    // The operator adds a brand (with a logo) and a product of it, with images made in this test.
    const admin = await operatorPage(browser);
    await openSection(admin, 'Brands');
    await admin.getByRole('button', { name: 'New brand' }).click();
    await admin.getByLabel('Brand name').fill(brandName);
    await admin.getByLabel('Logo').setInputFiles(PNG);
    await expect(admin.getByRole('img', { name: 'Logo, current' })).toBeVisible();
    await admin.getByRole('button', { name: 'Add brand' }).click();
    await expect(admin.getByRole('row', { name: new RegExp(brandName) })).toBeVisible();
    await shoot(admin, 'admin-store-01-brands', 1366);

    await openSection(admin, 'Products');
    await admin.getByRole('link', { name: 'New product' }).click();
    const form = admin.getByRole('form', { name: 'Product' });
    await form.getByLabel('Brand', { exact: true }).selectOption({ label: brandName });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Flavor name').fill('Dark Cocoa');
    await form.getByLabel('Main flavor family').selectOption({ label: 'Chocolate' });
    await form.getByLabel('Protein type').selectOption({ label: 'Whey' });
    await form.getByLabel('Texture').selectOption({ label: 'Thick and creamy' });
    await form.getByLabel('Protein per serving').fill('24');
    await form.getByLabel('Tub size').fill('2');
    await form.getByLabel('Description', { exact: true }).fill('A dark cocoa whey for cold mornings.');
    await form.getByLabel('Suggested use').fill('Shake 1 scoop with 8 oz of cold milk.');
    await form.getByRole('group', { name: 'Allergens it contains' }).getByLabel('Milk').check();
    await form.getByLabel('Serving size').fill('31');
    await form.getByLabel('Calories').fill('120');
    await form.getByLabel('Fat').fill('2');
    await form.getByLabel('Carbohydrates').fill('3');
    await form.getByLabel('Fiber').fill('1');
    await form.getByLabel('Sugars').fill('1');
    await form.getByLabel('List price').fill('42.99');
    await form.getByLabel('Member discount').fill('30');
    await expect(form.getByText('Members pay $30.09.')).toBeVisible();
    await form.getByLabel('Samples in stock').fill('150');
    await form.getByLabel('Tubs in stock').fill('20');
    await form.getByLabel('Tub image').setInputFiles(PNG);
    await form.getByLabel('Sample image').setInputFiles(PNG);
    await form.getByLabel('Nutrition label image').setInputFiles(PNG);
    await expect(form.getByRole('img', { name: 'Tub image, current' })).toBeVisible();
    await expect(form.getByRole('img', { name: 'Nutrition label image, current' })).toBeVisible();
    await shoot(admin, 'admin-store-02-product-form', 1366);
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(admin).toHaveURL(/\/admin\/catalog$/);
    await admin.getByLabel('Search by title, flavor or brand').fill(brandName);
    await admin.getByRole('button', { name: 'Search' }).click();
    const row = admin.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('$42.99');
    await shoot(admin, 'admin-store-03-products', 1366);

    // The member's shop lists it at once, locked until a box holds it, at member price.
    await page.reload();
    const card = lockedList.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(brandName);
    await expect(card).toContainText(/GET [A-Z]+'S BOX TO UNLOCK/);
    await expect(card).toContainText('30% OFF');
    await expect(card.locator('s')).toHaveText('$42.99');
    await expect(card.locator('strong')).toHaveText('$30.09');
    // Locked: the card does not open the product to buy it.
    await expect(card.getByRole('link')).toHaveCount(0);
    await shoot(page, 'admin-store-04-member-shop-locked', 390);
    // The card itself, at phone width, as the member scrolls to it.
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    // The tub image uploaded in the back office is served and drawn (not a broken image).
    const image = card.locator('img');
    await expect(image).toHaveAttribute('src', /^\/api\/uploads\/tub-[a-f0-9]+\.png$/);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    await page.screenshot({
      path: 'test-results/screenshots/admin-store-04b-member-shop-locked-card-390.png',
    });
    await page.setViewportSize({ width: 1366, height: 900 });

    // A new quiz taker who liked the new brand sees the product among the results.
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const quizzer = newAccount('store-quiz');
    await visitor.goto('/take-quiz/6');
    for (const flavor of ['Chocolate', 'Vanilla', 'Strawberry', 'Peanut Butter']) {
      await visitor.getByRole('checkbox', { name: flavor, exact: true }).check();
    }
    const next = visitor.getByRole('button', { name: 'Next' });
    await next.click();
    await expect(visitor).toHaveURL(/\/take-quiz\/8$/);
    await visitor.getByRole('radio', { name: 'Yes' }).check();
    await next.click();
    await expect(visitor).toHaveURL(/\/take-quiz\/9$/);
    await visitor.getByRole('checkbox', { name: 'Almond, oat or soy milk' }).check();
    await next.click();
    await expect(visitor).toHaveURL(/\/take-quiz\/10$/);
    await visitor.getByRole('checkbox', { name: brandName }).check();
    await next.click();
    await expect(visitor).toHaveURL(/\/take-quiz\/11$/);
    await next.click();
    await expect(visitor).toHaveURL(/\/take-quiz\/12$/);
    await visitor.getByLabel('Email Address*').fill(quizzer.email);
    await visitor.getByLabel('Password*', { exact: true }).fill(quizzer.password);
    await visitor.getByLabel('Confirm Password*').fill(quizzer.password);
    await visitor.getByLabel('Age*').selectOption('34');
    await next.click();
    await expect(visitor).toHaveURL(/\/result\/[^/?]+$/);
    const match = visitor.getByRole('article').filter({ hasText: title });
    await expect(match).toBeVisible();
    await expect(match).toContainText(brandName);
    await shoot(visitor, 'admin-store-05-quiz-results', 390);
    await visitor.context().close();

    // The operator lowers the price and the member discount; the shop shows the new price at once.
    await row.getByRole('link', { name: title, exact: true }).click();
    await expect(admin.getByRole('heading', { name: title })).toBeVisible();
    await admin.getByLabel('List price').fill('39.99');
    await admin.getByLabel('Member discount').fill('25');
    await expect(admin.getByText('Members pay $29.99.')).toBeVisible();
    await shoot(admin, 'admin-store-03b-product-edit', 1366);
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin).toHaveURL(/\/admin\/catalog$/);
    await page.reload();
    await expect(card.locator('s')).toHaveText('$39.99');
    await expect(card.locator('strong')).toHaveText('$29.99');
    await expect(card).toContainText('25% OFF');
    await expectAccessible(page, 'shop after the reprice');
    await admin.context().close();
  });

  test('a tub order from the cart is shipped under Fulfillment → Tub orders; the member’s order page and mail show the tracking number', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const tracking = `1Z${randomBytes(6).toString('hex').toUpperCase()}`;

    // The member adds an unlocked tub from the shop and pays for the cart with the saved card.
    const { account } = await becomeMember(page, 'store-tubs');
    await openShop(page);
    const tub = page.getByRole('region', { name: 'Your unlocked tubs' }).getByRole('listitem').first();
    const tubTitle = (await tub.locator('.shop-card__title').textContent())!.trim();
    const tubBrand = (await tub.locator('.shop-card__brand').textContent())!.trim();
    const tubFlavor = (await tub.locator('.shop-card__flavor').textContent())!.trim();
    await tub.getByRole('link').click();
    await expect(page).toHaveURL(/\/product-detail\/\d+$/);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const panel = page.getByRole('dialog', { name: 'MY CART' });
    await expect(panel.getByRole('listitem')).toContainText(tubTitle);
    await panel.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page).toHaveURL(/\/cart-checkout$/);
    await expect(page.locator('.saved-card')).toContainText('4242');
    await shoot(page, 'admin-store-05b-member-cart-checkout', 390);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await expect(page).toHaveURL(/\/checkout-completed$/);
    const orderHref = await page.getByRole('link', { name: 'View your order' }).getAttribute('href');
    const orderId = orderHref!.split('/').at(-1)!;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

    // Before shipping, the order page says the tubs are being packed.
    await page.goto(`/order-detail/${orderId}`);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!', level: 1 })).toBeVisible();
    await expect(page.getByText('We are packing your tubs')).toBeVisible();

    // The operator finds it under Fulfillment → Tub orders and ships it with a tracking number.
    const admin = await operatorPage(browser);
    await openSection(admin, 'Tub orders');
    await expect(admin.getByRole('heading', { name: 'Tub orders', level: 1 })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: account.email });
    await expect(row).toHaveCount(1);
    // The packer picks by brand, title and flavor.
    await expect(row).toContainText(`1 × ${tubBrand} ${tubTitle}`);
    await expect(row).toContainText(tubFlavor);
    await row.getByRole('checkbox').check();
    await admin.getByRole('button', { name: 'Ship…' }).click();
    await expect(admin.getByRole('heading', { name: 'Ship 1 order', exact: true })).toBeVisible();
    const field = admin.getByLabel(/^Tracking number for order/);
    await field.fill(tracking);
    await shoot(admin, 'admin-store-06-tub-ship-form', 1366);
    await expectAccessible(admin, 'tub orders ship form');
    await admin.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(admin.getByText('1 order shipped.')).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: account.email })).toHaveCount(0);
    const shippedTab = admin.getByRole('radio', { name: 'Shipped', exact: true });
    await shippedTab.click();
    await expect(shippedTab).toBeChecked();
    const shippedRow = admin.getByRole('row').filter({ hasText: account.email });
    await expect(shippedRow).toContainText(tracking);
    await shoot(admin, 'admin-store-07-tub-orders-shipped', 1366);

    // The audit log, filtered to orders, holds the shipment with its tracking number.
    await openSection(admin, 'Audit log');
    await admin.getByLabel('Show changes to').selectOption({ label: 'Orders' });
    await expect(admin).toHaveURL(/status=order/);
    const shipped = admin.getByRole('row').filter({ hasText: orderId });
    await expect(shipped.first()).toContainText('ship');
    await expect(shipped.first()).toContainText(OPERATOR.email);
    await shipped.first().locator('summary').click();
    await expect(shipped.first()).toContainText(tracking);
    await expect(admin.locator('tbody tr').filter({ hasNotText: 'Order' })).toHaveCount(0);
    await shoot(admin, 'admin-store-08-audit-orders', 1366);
    await admin.context().close();

    // The member's order page: shipped, with the tracking number.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/order-detail/${orderId}`);
    await expect(page.getByText('Your tubs are on their way.')).toBeVisible();
    await expect(page.locator('.order-detail__tracking')).toHaveText(tracking);
    await expect(page.getByText('Shipped', { exact: true })).toBeVisible();
    await shoot(page, 'admin-store-09-member-order-shipped', 390);

    // The dev mailbox holds the shipped mail with the tracking number.
    await openMail(page, account.email);
    await expect(
      page.getByRole('heading', { level: 2, name: /^Your order #\d{5} is on its way$/ }),
    ).toBeVisible();
    const mail = page.frameLocator('iframe[title^="Email: Your order #"]');
    await expect(mail.getByText(`Tracking number: ${tracking}`)).toBeVisible();
    await shoot(page, 'admin-store-10-shipped-mail', 390);
  });
});
