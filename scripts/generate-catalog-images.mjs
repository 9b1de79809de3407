// Draws the demo catalog's images as small SVG files under apps/web/public/catalog/:
// brand logos, a tub and a sample packet per product, an FDA-style Nutrition Facts label per
// product (with its own numbers), and a card background per flavor family. The facts come from
// apps/api/src/modules/catalog/demo-catalog.ts, the file the database seeder reads.
//
//   node scripts/generate-catalog-images.mjs
//
// The output is committed; run this again after changing the demo catalog.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/catalog');

// The data is TypeScript: bundle it in memory and import the result.
const bundled = await build({
  stdin: {
    contents:
      "export * from './demo-catalog.ts'; export { Flavors, flavorById } from './reference-lists.ts';",
    resolveDir: path.join(root, 'apps/api/src/modules/catalog'),
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  logLevel: 'warning',
});
const catalog = await import(
  `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`
);

const esc = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap to `width` characters. */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of String(text).split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const svg = (viewBox, label, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" role="img" aria-label="${esc(label)}" font-family="Helvetica,Arial,sans-serif">${body}</svg>\n`;

function write(relative, content) {
  const file = path.join(outDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function brandWords(name) {
  const [first, ...rest] = name.split(' ');
  return [first.toUpperCase(), rest.join(' ').toUpperCase()];
}

function initials(name) {
  return name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function logo(brand) {
  const [big, small] = brandWords(brand.name);
  const { primary, accent, ink } = brand.colors;
  const body = [
    `<rect width="240" height="120" rx="18" fill="${primary}"/>`,
    `<circle cx="52" cy="60" r="32" fill="${accent}"/>`,
    `<text x="52" y="69" text-anchor="middle" font-size="24" font-weight="700" fill="${primary}">${esc(initials(brand.name))}</text>`,
    `<text x="96" y="60" font-size="${big.length > 8 ? 20 : 24}" font-weight="700" fill="${ink}">${esc(big)}</text>`,
    small
      ? `<text x="97" y="82" font-size="12" letter-spacing="2" fill="${accent}">${esc(small)}</text>`
      : '',
  ].join('');
  return svg('0 0 240 120', `${brand.name} logo`, body);
}

function flavorColors(product) {
  return catalog.flavorById(product.flavorIds[0])?.colors ?? ['#f4f4f2', '#9a9a92'];
}

function textLines(lines, x, y, lineHeight, attrs) {
  return lines.map((l, i) => `<text x="${x}" y="${y + i * lineHeight}" ${attrs}>${esc(l)}</text>`).join('');
}

function tub(product, brand) {
  const [light, deep] = flavorColors(product);
  const { primary, accent, ink } = brand.colors;
  const flavorLines = wrap(product.flavor.toUpperCase(), 15).slice(0, 2);
  const titleLines = wrap(product.title.toUpperCase(), 16).slice(0, 2);
  const size = `${product.sizeLbs} LB`;
  const body = [
    `<rect x="58" y="18" width="184" height="36" rx="8" fill="${accent}"/>`,
    `<path d="M46 54h208l-12 288a14 14 0 0 1-14 13H72a14 14 0 0 1-14-13z" fill="${primary}"/>`,
    `<text x="150" y="86" text-anchor="middle" font-size="13" font-weight="700" letter-spacing="2" fill="${ink}">${esc(brand.name.toUpperCase())}</text>`,
    `<rect x="66" y="100" width="168" height="168" rx="10" fill="${light}"/>`,
    textLines(
      titleLines,
      150,
      128,
      20,
      `text-anchor="middle" font-size="17" font-weight="700" fill="${primary}"`,
    ),
    `<rect x="66" y="${128 + titleLines.length * 20 - 6}" width="168" height="${flavorLines.length * 20 + 14}" fill="${deep}"/>`,
    textLines(
      flavorLines,
      150,
      128 + titleLines.length * 20 + 14,
      20,
      `text-anchor="middle" font-size="15" font-weight="700" fill="#ffffff"`,
    ),
    `<text x="150" y="252" text-anchor="middle" font-size="15" font-weight="700" fill="${primary}">${product.gramsProtein}G PROTEIN</text>`,
    `<text x="150" y="300" text-anchor="middle" font-size="12" letter-spacing="1" fill="${ink}">${esc(product.proteinType === 'plant' ? 'PLANT PROTEIN' : `${product.proteinType.toUpperCase()} PROTEIN`)}</text>`,
    `<text x="150" y="326" text-anchor="middle" font-size="12" fill="${accent}">NET WT ${esc(size)}</text>`,
  ].join('');
  return svg('0 0 300 360', `${brand.name} ${product.title}, ${product.flavor}, tub`, body);
}

function sample(product, brand) {
  const [light, deep] = flavorColors(product);
  const { primary, ink } = brand.colors;
  // A packet with crimped top and bottom edges.
  const top = Array.from({ length: 21 }, (_, i) => `${20 + i * 8},${i % 2 ? 28 : 36}`);
  const bottom = Array.from({ length: 21 }, (_, i) => `${180 - i * 8},${i % 2 ? 232 : 224}`);
  const flavorLines = wrap(product.flavor, 14).slice(0, 3);
  const body = [
    `<polygon points="${[...top, ...bottom].join(' ')}" fill="${primary}"/>`,
    `<text x="100" y="58" text-anchor="middle" font-size="11" font-weight="700" letter-spacing="1" fill="${ink}">${esc(brand.name.toUpperCase())}</text>`,
    `<rect x="34" y="70" width="132" height="108" rx="8" fill="${light}"/>`,
    `<rect x="34" y="70" width="132" height="8" fill="${deep}"/>`,
    textLines(
      flavorLines,
      100,
      104,
      18,
      `text-anchor="middle" font-size="15" font-weight="700" fill="${primary}"`,
    ),
    `<text x="100" y="168" text-anchor="middle" font-size="12" fill="${primary}">${product.gramsProtein}g protein</text>`,
    `<text x="100" y="204" text-anchor="middle" font-size="11" font-weight="700" letter-spacing="1" fill="${ink}">SAMPLE · 1 SERVING</text>`,
    `<text x="100" y="222" text-anchor="middle" font-size="10" fill="${ink}">${product.nutrition.servingSizeG} g</text>`,
  ].join('');
  return svg('0 0 200 260', `${brand.name} ${product.flavor} sample packet`, body);
}

// FDA daily values (21 CFR 101.9) for the % Daily Value column.
const DV = {
  totalFatG: 78,
  saturatedFatG: 20,
  cholesterolMg: 300,
  sodiumMg: 2300,
  totalCarbsG: 275,
  fiberG: 28,
  addedSugarsG: 50,
  vitaminDMcg: 20,
  calciumMg: 1300,
  ironMg: 18,
  potassiumMg: 4700,
};
const pct = (value, key) => `${Math.round((value / DV[key]) * 100)}%`;
const num = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

function nutritionLabel(product) {
  const n = product.nutrition;
  const W = 300;
  const L = 12;
  const R = W - 12;
  const parts = [];
  let y = 12;
  const rule = (h) => {
    parts.push(`<rect x="${L}" y="${y}" width="${R - L}" height="${h}" fill="#000"/>`);
    y += h;
  };
  const text = (x, size, content, attrs = '') =>
    parts.push(`<text x="${x}" y="${y}" font-size="${size}" ${attrs}>${content}</text>`);
  const row = (label, amount, dv, indent = 0, bold = true) => {
    y += 15;
    const name = bold ? `<tspan font-weight="700">${label}</tspan>` : label;
    text(L + 4 + indent, 12, `${name} ${amount}`);
    if (dv) text(R - 4, 12, dv, 'text-anchor="end" font-weight="700"');
    y += 4;
    parts.push(`<rect x="${L + indent}" y="${y}" width="${R - L - indent}" height="0.8" fill="#000"/>`);
  };

  y += 30;
  text(L + 4, 30, 'Nutrition Facts', 'font-weight="900"');
  y += 18;
  text(L + 4, 12, `About ${n.servingsPerContainer} servings per container`);
  y += 18;
  text(L + 4, 14, 'Serving size', 'font-weight="700"');
  text(R - 4, 14, `1 scoop (${n.servingSizeG}g)`, 'text-anchor="end" font-weight="700"');
  y += 6;
  rule(9);
  y += 14;
  text(L + 4, 11, 'Amount per serving', 'font-weight="700"');
  y += 26;
  text(L + 4, 26, 'Calories', 'font-weight="900"');
  text(R - 4, 32, String(n.calories), 'text-anchor="end" font-weight="900"');
  y += 6;
  rule(5);
  y += 13;
  text(R - 4, 10, '% Daily Value*', 'text-anchor="end" font-weight="700"');
  y += 4;
  parts.push(`<rect x="${L}" y="${y}" width="${R - L}" height="0.8" fill="#000"/>`);
  row('Total Fat', `${num(n.totalFatG)}g`, pct(n.totalFatG, 'totalFatG'));
  row('Saturated Fat', `${num(n.saturatedFatG)}g`, pct(n.saturatedFatG, 'saturatedFatG'), 14, false);
  row('<tspan font-style="italic">Trans</tspan> Fat', `${num(n.transFatG)}g`, '', 14, false);
  row('Cholesterol', `${n.cholesterolMg}mg`, pct(n.cholesterolMg, 'cholesterolMg'));
  row('Sodium', `${n.sodiumMg}mg`, pct(n.sodiumMg, 'sodiumMg'));
  row('Total Carbohydrate', `${num(n.totalCarbsG)}g`, pct(n.totalCarbsG, 'totalCarbsG'));
  row('Dietary Fiber', `${num(n.fiberG)}g`, pct(n.fiberG, 'fiberG'), 14, false);
  row('Total Sugars', `${num(n.totalSugarsG)}g`, '', 14, false);
  row(`Includes ${num(n.addedSugarsG)}g Added Sugars`, '', pct(n.addedSugarsG, 'addedSugarsG'), 28, false);
  y += 15;
  text(L + 4, 12, `<tspan font-weight="700">Protein</tspan> ${n.proteinG}g`);
  y += 5;
  rule(9);
  const micro = [
    ['Vitamin D', `${num(n.vitaminDMcg)}mcg`, pct(n.vitaminDMcg, 'vitaminDMcg')],
    ['Calcium', `${n.calciumMg}mg`, pct(n.calciumMg, 'calciumMg')],
    ['Iron', `${num(n.ironMg)}mg`, pct(n.ironMg, 'ironMg')],
    ['Potassium', `${n.potassiumMg}mg`, pct(n.potassiumMg, 'potassiumMg')],
  ];
  for (const [label, amount, dv] of micro) {
    y += 15;
    text(L + 4, 12, `${label} ${amount}`);
    text(R - 4, 12, dv, 'text-anchor="end"');
    y += 4;
    parts.push(`<rect x="${L}" y="${y}" width="${R - L}" height="0.8" fill="#000"/>`);
  }
  y += 2;
  rule(5);
  const footnote = wrap(
    '*The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. 2,000 calories a day is used for general nutrition advice.',
    58,
  );
  for (const line of footnote) {
    y += 11;
    text(L + 4, 8.5, esc(line));
  }
  y += 8;
  const boxBottom = y;
  // The label's frame, drawn behind its contents.
  parts.unshift(
    `<rect x="${L - 4}" y="8" width="${R - L + 8}" height="${boxBottom - 4}" fill="#fff" stroke="#000" stroke-width="1.5"/>`,
  );
  y += 6;
  const ingredients = wrap(`INGREDIENTS: ${n.ingredients}.`, 62);
  for (const line of ingredients) {
    y += 11;
    text(L - 2, 8.5, esc(line));
  }
  const contains = product.allergens.length
    ? `CONTAINS: ${product.allergens.map((a) => a.toUpperCase()).join(', ')}.`
    : 'FREE OF THE 9 MAJOR FOOD ALLERGENS.';
  y += 13;
  text(L - 2, 9, esc(contains), 'font-weight="700"');
  y += 10;
  return svg(
    `0 0 ${W} ${y}`,
    `Nutrition Facts: ${n.calories} calories, ${n.proteinG} g protein per ${n.servingSizeG} g scoop`,
    `<rect width="${W}" height="${y}" fill="#fff"/>${parts.join('')}`,
  );
}

function flavorBackground(flavor) {
  const [light, deep] = flavor.colors;
  const dots = [
    [40, 40, 26],
    [150, 190, 36],
    [300, 60, 44],
    [370, 200, 22],
    [230, 120, 14],
    [90, 150, 12],
  ]
    .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${deep}" opacity="0.14"/>`)
    .join('');
  const body = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}" stop-opacity="0.35"/></linearGradient></defs><rect width="400" height="240" fill="url(#g)"/>${dots}`;
  return svg('0 0 400 240', `${flavor.displayName} background`, body);
}

rmSync(outDir, { recursive: true, force: true });
const brands = new Map(catalog.demoBrands.map((b) => [b.id, b]));
for (const brand of catalog.demoBrands) write(`brands/${brand.slug}.svg`, logo(brand));
for (const product of catalog.demoProducts()) {
  const brand = brands.get(product.brandId);
  write(`products/${product.id}-tub.svg`, tub(product, brand));
  write(`products/${product.id}-sample.svg`, sample(product, brand));
  write(`nutrition/${product.id}.svg`, nutritionLabel(product));
}
for (const flavor of catalog.Flavors) write(`flavors/${flavor.slug}.svg`, flavorBackground(flavor));
console.log(`Wrote the catalog images to ${path.relative(root, outDir)}`);
