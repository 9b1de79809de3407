// Draws PNG copies of the demo catalog's product pictures for mails: Gmail and Outlook do not show
// SVG images, and the catalog's pictures are SVG (scripts/generate-catalog-images.mjs). Each
// apps/web/public/catalog/products/<name>.svg becomes apps/web/public/catalog/mail/<name>.png,
// 96 px square (a 48 px picture on a 2x screen), drawn by Chromium on white.
//
//   node scripts/generate-mail-pictures.mjs
//
// The output is committed; run this again after generate-catalog-images.mjs.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const catalog = path.join(root, 'apps/web/public/catalog');
const outDir = path.join(catalog, 'mail');
const SIZE = 96;

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  const names = readdirSync(path.join(catalog, 'products')).filter((f) => f.endsWith('.svg'));
  for (const name of names) {
    const svg = readFileSync(path.join(catalog, 'products', name), 'utf8');
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0;background:#fff"><img src="${src}" style="width:${SIZE}px;height:${SIZE}px;object-fit:contain;display:block"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(outDir, name.replace(/\.svg$/, '.png')) });
  }
  console.log(`${names.length} mail pictures in ${path.relative(root, outDir)}`);
} finally {
  await browser.close();
}
