import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { submitLogin } from './support/accounts.ts';
import { expectAccessible } from './support/journeys.ts';
import { captureScreens, SCREEN_WIDTHS } from './support/screenshots.ts';
import { findTextOverlaps } from './support/text-overlap.ts';

/*
 * Social proof on a fresh store (docs/look-and-trust.md#member-quotes,
 * docs/product.md#demo-data-and-sandbox). The browser tests' own store starts without demo
 * members (each test makes the customers it counts), and there the home page shows no figures and
 * no quotes. A second store, started here exactly as `npm start` starts one on a fresh database,
 * makes its demo members before /api/health answers; its home page then shows the members, the
 * reviews and their average, and the newest members' words, and the shop's cards their ratings.
 */

test.describe.configure({ mode: 'serial' });

let demoUrl = '';
let dataDir = '';
let store: ChildProcess | undefined;

/** A port nobody listens on now (the machine may run other stores on nearby ports). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  demoUrl = `http://127.0.0.1:${port}`;
  dataDir = path.join(tmpdir(), `store-e2e-demo-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  // The build the browser tests' store was started from (scripts/start.mjs made it).
  store = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: demoUrl,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO_MEMBERS: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Health answers only once the demo members are made.
  const deadline = Date.now() + 280_000;
  for (;;) {
    const ok = await fetch(`${demoUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (store.exitCode !== null) throw new Error(`the demo store stopped (exit ${store.exitCode})`);
    if (Date.now() > deadline) throw new Error('the demo store did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  store?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a store without enough reviews shows no figures and no quotes', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const quotes = await page.request.get('/api/productReview/GetMemberQuotes');
  expect(await quotes.json()).toEqual({ quotes: [] });
  await expect(page.getByRole('heading', { name: 'Newest member reviews' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Members so far' })).toHaveCount(0);
});

test('a fresh store with its demo members shows the figures, the newest quotes and the ratings, at both widths', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${demoUrl}/`);
  // The demo history leaves some members canceled: the figure is the store's count of the others,
  // at least the 50 it needs to show.
  const { members } = await (await page.request.get(`${demoUrl}/api/productReview/GetStoreFigures`)).json();
  expect(members).toBeGreaterThanOrEqual(50);
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.goto(`${demoUrl}/`);
    const figures = page.getByRole('region', { name: 'Members so far' });
    await expect(figures).toContainText(String(members));
    await expect(figures).toContainText('members');
    await expect(figures).toContainText('member reviews');
    await expect(figures.getByRole('img', { name: /out of 5/ })).toBeVisible();

    const quotes = page.getByRole('region', { name: 'Newest member reviews' });
    const items = quotes.getByRole('listitem');
    await expect(items).toHaveCount(3);
    for (const item of await items.all()) {
      const stars = item.getByRole('img', { name: /^Rated [1-5] out of 5$/ });
      await expect(stars).toBeVisible();
      // The amber part covers the stars given, not the card: 3 stars fill three fifths.
      const rating = Number((await stars.getAttribute('aria-label'))!.match(/Rated (\d)/)![1]);
      const filled = await stars.evaluate((el) => {
        const fill = el.querySelector('.rating-stars__fill')!.getBoundingClientRect().width;
        return fill / el.getBoundingClientRect().width;
      });
      expect(filled).toBeCloseTo(rating / 5, 1);
      await expect(item.locator('blockquote')).not.toBeEmpty();
      // A first name and the product: "Maya, on Organic Plant Protein, Chocolate".
      await expect(item.locator('figcaption')).toHaveText(/^[A-Z][a-z]+, on .+/);
    }
    await quotes.scrollIntoViewIfNeeded();
    expect(await findTextOverlaps(page), `home at ${width} px`).toEqual([]);
    await expectAccessible(page, `home with demo members at ${width} px`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, 'home-with-members');

  // A demo member signs in with the demo password: the shop's cards carry the members' ratings.
  await page.goto(`${demoUrl}/login`);
  await submitLogin(page, { email: 'demo-member-01@example.com', password: 'demo-member-sample-first' });
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${demoUrl}/shop`);
  await expect(
    page.getByRole('img', { name: /^Rated \d\.\d out of 5 from \d+ reviews$/ }).first(),
  ).toBeVisible();
});
