import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { registerAndVerify, submitLogin } from './support/accounts.ts';
import { expectAccessible } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/**
 * The operator's back office (docs/product.md#back-office), as the demo operator uses it: a brand and a product
 * created in the catalog reach the shop and the matching, a price edit shows at once, a
 * contact message from the footer is read and handled. Markup typed by people stays text
 * (docs/reliability.md#f4): no dialog may open during these tests.
 */

const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };
const XSS = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';

function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

async function signInAt(page: Page, account: { email: string; password: string }, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await submitLogin(page, account);
  await expect(page).toHaveURL(new RegExp(`${returnUrl}$`));
}

/** Opens a section of the back office from its side navigation. */
async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name }).click();
}

/** The stored access token, for calling the API as the signed-in person. */
async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('auth'));
  expect(token).toBeTruthy();
  return token!;
}

/** The headers of an API call made as the signed-in person: bearer, and the XSRF echo the cookie asks for. */
async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const token = await accessToken(page);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  return { Authorization: `Bearer ${token}`, ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}) };
}

/** A real PNG to upload: a screenshot of part of the page. */
async function pngOf(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 160 } });
  return { name: 'image.png', mimeType: 'image/png', buffer };
}

test.describe('back office', () => {
  test('the operator lands on /admin after logging in, under a header of its own (no Shop, no cart)', async ({
    page,
  }) => {
    await page.goto('/login');
    await submitLogin(page, OPERATOR);
    await expect(page).toHaveURL(/\/admin$/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sample First back office' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Shop' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'View store' })).toBeVisible();
    await captureScreens(page, 'admin-landing-header');
    // In the store itself the operator's bar is the usual one again.
    await header.getByRole('link', { name: 'View store' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sample First home' })).toBeVisible();
    await expectAccessible(page, 'home as operator');
  });

  test('an operator adds a brand and a product, reprices it, and handles a contact message', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const dialogs = watchDialogs(page);
    const tag = randomBytes(3).toString('hex');
    const brandName = `Backcountry ${tag}`;
    const title = `Trail Whey ${tag}`;
    const message = `${XSS} Where is my box? ${tag}`;

    // A visitor writes from the home page's footer.
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Name').fill(`Casey ${tag}`);
    await footer.getByLabel('Email').fill('casey@example.com');
    await footer.getByLabel('Message', { exact: true }).fill(message);
    await footer.getByRole('button', { name: 'Send' }).click();
    await expect(footer.getByText('Message sent!')).toBeVisible();

    // The operator signs in and opens the back office.
    await signInAt(page, OPERATOR, '/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Messages to answer' })).not.toContainText('…');
    await expectAccessible(page);
    await captureScreens(page, 'admin-dashboard');

    // A new brand, with a logo.
    await openSection(page, 'Brands');
    await page.getByRole('button', { name: 'New brand' }).click();
    await page.getByLabel('Brand name').fill(brandName);
    await page.getByLabel('Logo').setInputFiles(await pngOf(page));
    await expect(page.getByRole('img', { name: 'Logo, current' })).toBeVisible();
    await page.getByRole('button', { name: 'Add brand' }).click();
    await expect(page.getByRole('row', { name: new RegExp(brandName) })).toBeVisible();
    const added = page.getByRole('status').filter({ hasText: `${brandName} is added.` });
    await expect(added).toBeVisible();

    // A new product: first an empty save, which says what is missing. The brand's snackbar
    // belongs to the brands page: it does not follow the operator (its 4 s are not over yet).
    await openSection(page, 'Products');
    await expect(added).toHaveCount(0, { timeout: 1000 });
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'admin-products');
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Some fields need attention' })).toBeVisible();
    await expect(page.getByText('Please enter the title.')).toBeVisible();
    await expect(page.getByLabel('Brand', { exact: true })).toBeFocused();

    const form = page.getByRole('form', { name: 'Product' });
    await form.getByLabel('Brand', { exact: true }).selectOption({ label: brandName });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Flavor name').fill(XSS);
    await form.getByLabel('Main flavor family').selectOption({ label: 'Cinnamon & Spice' });
    await form.getByLabel('Protein type').selectOption({ label: 'Whey' });
    await form.getByLabel('Texture').selectOption({ label: 'Thick and creamy' });
    await form.getByLabel('Protein per serving').fill('25');
    await form.getByLabel('Tub size').fill('2');
    await form.getByLabel('Description', { exact: true }).fill('Cinnamon and oats, like a trail breakfast.');
    await form.getByLabel('Suggested use').fill('Shake 1 scoop with 8 oz of cold milk.');
    await form.getByRole('group', { name: 'Allergens it contains' }).getByLabel('Milk').check();
    await form.getByRole('group', { name: 'Diets it suits' }).getByLabel('Vegan').check();
    await form.getByLabel('Serving size').fill('32');
    await form.getByLabel('Calories').fill('120');
    await form.getByLabel('Fat').fill('1.5');
    await form.getByLabel('Carbohydrates').fill('4');
    await form.getByLabel('Fiber').fill('0');
    await form.getByLabel('Sugars').fill('2');
    await form.getByLabel('List price').fill('42.99');
    await form.getByLabel('Member discount').fill('30');
    await expect(form.getByText('Members pay $30.09.')).toBeVisible();
    await form.getByLabel('Samples in stock').fill('150');
    await form.getByLabel('Tubs in stock').fill('20');
    const png = await pngOf(page);
    await form.getByLabel('Tub image').setInputFiles(png);
    await form.getByLabel('Sample image').setInputFiles(png);
    await form.getByLabel('Nutrition label image').setInputFiles(png);
    await expect(form.getByRole('img', { name: 'Nutrition label image, current' })).toBeVisible();
    // Vegan whey with milk is refused with the rule, beside the diets.
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(form.getByText('Vegan needs a plant protein with no milk or egg.')).toBeVisible();
    // From the top, so the sticky bars sit where a person sees them in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
    await captureScreens(page, 'admin-product-form');
    await form.getByRole('group', { name: 'Diets it suits' }).getByLabel('Vegan').uncheck();
    await form.getByRole('button', { name: 'Create product' }).click();
    await expect(page).toHaveURL(/\/admin\/catalog$/);
    // The save's confirmation comes along to the list the save navigated to.
    await expect(page.getByRole('status').filter({ hasText: 'is in the catalog.' })).toBeVisible();

    // It is in the table, found by its brand, with the flavor's markup shown as text.
    await page.getByLabel('Search by title, flavor or brand').fill(brandName);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row.getByText(XSS, { exact: false })).toBeVisible();
    await expect(row).toContainText('$42.99');
    const href = await row.getByRole('link', { name: title, exact: true }).getAttribute('href');
    const productId = Number(href!.split('/').at(-1));
    expect(productId).toBeGreaterThan(10000);

    // The shop serves it at once, and matching ranks it for someone who likes its brand.
    const shop = await page.request.get(`/api/product/GetItem?id=${productId}`);
    expect(await shop.json()).toMatchObject({
      title,
      price: 42.99,
      discountedPrice: 30.09,
      flavorSubCategoryText: XSS,
    });
    const headers = await apiHeaders(page);
    const brands = (await (await page.request.get('/api/Types/ProteinBrands')).json()) as Array<{
      id: number;
      displayName: string;
    }>;
    const brand = brands.find((b) => b.displayName === brandName);
    expect(brand).toBeDefined();
    const quiz = await page.request.post('/api/theQuiz/TakeQuiz', {
      headers,
      data: {
        exerciseTypes: [0],
        exerciseFrequency: 2,
        fitnessGoals: [0],
        lifestylePerformanceGoals: [],
        dietaryPreferences: [],
        dietaryRestrictions: [],
        flavors: [8, 9, 10, 12],
        textures: [],
        usedProteinBefore: true,
        proteinMixes: [1],
        brandUsages: [brand!.id],
        dislikedBrands: [],
      },
    });
    expect(quiz.ok(), await quiz.text()).toBe(true);
    const quizId = ((await quiz.json()) as { id: string }).id;
    const matches = await page.request.get(`/api/product/GetQuizProducts?quizId=${quizId}`, { headers });
    const ranked = (await matches.json()) as Array<{ id: number; reason: string }>;
    expect(ranked[0]).toMatchObject({ id: productId });
    expect(ranked[0]!.reason).toContain(brandName);

    // A new price shows in the shop at once.
    await row.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByLabel('List price').fill('39.99');
    await expect(page.getByText('Members pay $27.99.')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/admin\/catalog$/);
    const repriced = await page.request.get(`/api/product/GetItem?id=${productId}`);
    expect(await repriced.json()).toMatchObject({ price: 39.99, discountedPrice: 27.99 });

    // The footer message waits in the inbox, as the visitor typed it, and is handled.
    await openSection(page, 'Messages');
    const card = page.getByRole('article', { name: `Casey ${tag}` });
    await expect(card).toBeVisible();
    await expect(card.locator('.admin-message__text')).toHaveText(message);
    await expectAccessible(page);
    await captureScreens(page, 'admin-messages');
    await card.getByRole('button', { name: 'Mark handled' }).click();
    await expect(card).toHaveCount(0);
    // The filter lives in the URL, so the radio turns checked after the navigation, not within click().
    const handledTab = page.getByRole('radio', { name: 'Handled' });
    await handledTab.click();
    await expect(handledTab).toBeChecked();
    await expect(page.getByRole('article', { name: `Casey ${tag}` })).toContainText('Handled');

    // Every change above is in the audit log, newest first.
    await openSection(page, 'Audit log');
    const firstRow = page.getByRole('row').nth(1);
    await expect(firstRow).toContainText('handle');
    await expect(firstRow).toContainText(OPERATOR.email);
    await expect(page.getByRole('row', { name: new RegExp(`update Product #${productId}`) })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'admin-audit');

    expect(dialogs).toEqual([]);
  });

  test('a customer who opens /admin is told there is no access, and the API refuses them', async ({
    page,
  }) => {
    const account = await registerAndVerify(page);
    await signInAt(page, account, '/admin');
    await expect(page.getByRole('heading', { name: 'You do not have access' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
    const token = await accessToken(page);
    const res = await page.request.get('/api/admin/products', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(403);
    const anonymous = await page.request.get('/api/admin/audit');
    expect(anonymous.status()).toBe(401);
  });
});
