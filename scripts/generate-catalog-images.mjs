// Draws the demo catalog's images as small SVG files under apps/web/public/catalog/:
// brand logos, a tub and a sample packet per product, an FDA-style Nutrition Facts label per
// product (with its own numbers), and a card background per flavor family. The facts come from
// apps/api/src/modules/catalog/demo-catalog.ts, the file the database seeder reads.
//
//   node scripts/generate-catalog-images.mjs
//
// The output is committed; run this again after changing the demo catalog, then
// scripts/generate-mail-pictures.mjs for the PNG copies mails carry.
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
      "export * from './demo-catalog.ts'; export { Flavors, flavorById } from './reference-lists.ts'; export { productName } from '@store/contracts';",
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

/** The product's name as the store shows it (title, flavor), as productName() in the contracts. */
const productNameOf = (product) => catalog.productName(product);

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

// Font stacks for the wordmarks: the images are shown as <img>, so they cannot use the page's web
// font; each wordmark forces its text to a fixed width (textLength), so it reads the same whatever
// font the visitor's system substitutes.
const SANS = "Helvetica,Arial,'Liberation Sans',sans-serif";
const NARROW = "'Arial Narrow','Liberation Sans Narrow','Roboto Condensed',sans-serif";
const SERIF = "Georgia,'DejaVu Serif','Times New Roman',serif";

const WORDMARK_WIDTH = 320;
const WORDMARK_HEIGHT = 96;

/** One line of a wordmark, stretched or squeezed to exactly `width`. */
function word(text, { x, y, size, width, fill, family = SANS, weight = 700, italic = false, extra = '' }) {
  return `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-weight="${weight}"${italic ? ' font-style="italic"' : ''} fill="${fill}" textLength="${width}" lengthAdjust="spacingAndGlyphs" ${extra}>${esc(text)}</text>`;
}

/**
 * Each demo brand's wordmark: its own mark and lettering, drawn in `fg` (the lettering) and
 * `mark` (the symbol's second colour) on a transparent 320 x 96 canvas. Unknown brands (added in
 * the back office) get a plain lettered name.
 */
const wordmarks = {
  ironclad: (fg, mark) => {
    const hex = Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return `${(44 + 38 * Math.cos(a)).toFixed(1)},${(48 + 38 * Math.sin(a)).toFixed(1)}`;
    }).join(' ');
    return [
      `<polygon points="${hex}" fill="${fg}"/>`,
      `<circle cx="44" cy="48" r="15" fill="${mark}"/>`,
      `<circle cx="44" cy="48" r="6" fill="${fg}"/>`,
      word('IRONCLAD', { x: 98, y: 58, size: 44, width: 214, fill: fg, family: NARROW, weight: 900 }),
      word('NUTRITION', { x: 100, y: 82, size: 14, width: 210, fill: mark, weight: 700 }),
    ].join('');
  },
  'verdant-roots': (fg, mark) =>
    [
      `<path d="M44 10c22 10 30 30 18 48-6 8-14 10-18 10s-12-2-18-10C14 40 22 20 44 10z" fill="${fg}"/>`,
      `<path d="M44 22v46" stroke="${mark}" stroke-width="3" stroke-linecap="round"/>`,
      `<path d="M44 68c0 8-8 12-14 18M44 68c0 8 8 12 14 18M44 70v18" stroke="${fg}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
      word('Verdant Roots', {
        x: 98,
        y: 60,
        size: 38,
        width: 214,
        fill: fg,
        family: SERIF,
        weight: 700,
        italic: true,
      }),
      `<path d="M100 74c40 8 110 8 210 0" stroke="${mark}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    ].join(''),
  'summit-labs': (fg, mark) =>
    [
      `<path d="M4 82L34 26l16 28 10-16 26 44z" fill="${fg}"/>`,
      `<path d="M34 26l-9 17 6-3 4 5 6-6z" fill="${mark}"/>`,
      word('SUMMIT', {
        x: 98,
        y: 62,
        size: 38,
        width: 128,
        fill: fg,
        weight: 300,
        extra: 'letter-spacing="4"',
      }),
      `<rect x="236" y="30" width="76" height="40" rx="6" fill="${fg}"/>`,
      word('LABS', { x: 246, y: 61, size: 26, width: 56, fill: mark === fg ? '#ffffff' : mark, weight: 800 }),
    ].join(''),
  moonrise: (fg, mark) =>
    [
      `<mask id="moon"><rect width="96" height="96" fill="#fff"/><circle cx="56" cy="34" r="28" fill="#000"/></mask>`,
      `<circle cx="42" cy="44" r="32" fill="${fg}" mask="url(#moon)"/>`,
      `<path d="M66 16l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="${mark}"/>`,
      `<rect x="6" y="80" width="76" height="4" rx="2" fill="${mark}"/>`,
      word('moonrise', { x: 98, y: 58, size: 44, width: 210, fill: fg, weight: 700 }),
      word('N U T R I T I O N', { x: 100, y: 84, size: 13, width: 150, fill: fg, weight: 400 }),
    ].join(''),
  'golden-pasture': (fg, mark) =>
    [
      `<circle cx="44" cy="54" r="20" fill="${mark}"/>`,
      ...Array.from({ length: 7 }, (_, i) => {
        const a = Math.PI + (Math.PI / 6) * i;
        const [x1, y1, x2, y2] = [
          44 + 26 * Math.cos(a),
          54 + 26 * Math.sin(a),
          44 + 36 * Math.cos(a),
          54 + 36 * Math.sin(a),
        ];
        return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${mark}" stroke-width="4" stroke-linecap="round"/>`;
      }),
      `<path d="M4 70c20-12 40-12 80 0v18H4z" fill="${fg}"/>`,
      `<path d="M4 80c26-8 50-6 80 2" stroke="${mark}" stroke-width="3" fill="none"/>`,
      word('GOLDEN', {
        x: 98,
        y: 50,
        size: 34,
        width: 214,
        fill: fg,
        family: SERIF,
        weight: 700,
        extra: 'letter-spacing="6"',
      }),
      word('PASTURE', { x: 130, y: 82, size: 22, width: 150, fill: fg, family: SERIF, weight: 400 }),
      `<line x1="100" y1="75" x2="122" y2="75" stroke="${mark}" stroke-width="3"/><line x1="288" y1="75" x2="310" y2="75" stroke="${mark}" stroke-width="3"/>`,
    ].join(''),
  'kinetic-fuel': (fg, mark) =>
    [
      `<g transform="skewX(-14)">`,
      `<rect x="18" y="26" width="52" height="8" rx="2" fill="${fg}"/>`,
      `<rect x="30" y="44" width="56" height="8" rx="2" fill="${fg}"/>`,
      `<rect x="22" y="62" width="40" height="8" rx="2" fill="${fg}"/>`,
      `</g>`,
      `<g transform="skewX(-12) translate(14 0)">`,
      word('KINETIC', { x: 92, y: 62, size: 46, width: 140, fill: fg, weight: 900 }),
      `<rect x="240" y="26" width="70" height="44" fill="${mark}"/>`,
      word('FUEL', { x: 246, y: 62, size: 34, width: 58, fill: '#ffffff', weight: 900 }),
      `</g>`,
    ].join(''),
  'sprout-theory': (fg, mark) =>
    [
      `<circle cx="44" cy="48" r="40" fill="none" stroke="${fg}" stroke-width="4"/>`,
      `<path d="M44 76V44" stroke="${fg}" stroke-width="4" stroke-linecap="round"/>`,
      `<path d="M44 48c-4-14-16-20-28-18 2 14 14 20 28 18z" fill="${fg}"/>`,
      `<path d="M44 42c4-14 16-20 28-18-2 14-14 20-28 18z" fill="${mark}" stroke="${fg}" stroke-width="2"/>`,
      word('sprout', { x: 98, y: 60, size: 40, width: 112, fill: fg, weight: 800 }),
      word('theory', { x: 214, y: 60, size: 40, width: 98, fill: fg, weight: 300 }),
    ].join(''),
  'pure-form': (fg, mark) =>
    [
      `<circle cx="44" cy="48" r="36" fill="none" stroke="${fg}" stroke-width="3"/>`,
      `<rect x="28" y="32" width="32" height="32" fill="${mark}" stroke="${fg}" stroke-width="3"/>`,
      word('PURE FORM', { x: 100, y: 58, size: 32, width: 210, fill: fg, weight: 300 }),
      `<line x1="100" y1="74" x2="310" y2="74" stroke="${fg}" stroke-width="1.5"/>`,
      `<line x1="100" y1="74" x2="150" y2="74" stroke="${fg}" stroke-width="4"/>`,
    ].join(''),
  'velvet-scoop': (fg, mark) =>
    [
      `<path d="M26 50l18 40 18-40z" fill="${mark}" stroke="${fg}" stroke-width="3" stroke-linejoin="round"/>`,
      `<circle cx="44" cy="36" r="24" fill="${fg}"/>`,
      `<path d="M28 40c6 6 14 6 18 0s12-6 18 0" stroke="${mark}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
      word('Velvet', {
        x: 98,
        y: 56,
        size: 46,
        width: 150,
        fill: fg,
        family: SERIF,
        weight: 700,
        italic: true,
      }),
      word('SCOOP', {
        x: 102,
        y: 84,
        size: 16,
        width: 110,
        fill: fg,
        weight: 700,
        extra: 'letter-spacing="6"',
      }),
      `<circle cx="268" cy="42" r="8" fill="${mark}" stroke="${fg}" stroke-width="2"/>`,
    ].join(''),
};

function plainWordmark(brand, fg) {
  return word(brand.name, { x: 8, y: 60, size: 36, width: 304, fill: fg, weight: 800 });
}

/** The brand's wordmark body (no <svg> around it), for the logo file and the tub's label. */
function wordmarkBody(brand, fg, mark) {
  const draw = wordmarks[brand.slug];
  return draw ? draw(fg, mark) : plainWordmark(brand, fg);
}

/** The logo file: the wordmark in the brand's colours on a transparent background. */
function logo(brand) {
  const { primary, accent } = brand.colors;
  return svg(
    `0 0 ${WORDMARK_WIDTH} ${WORDMARK_HEIGHT}`,
    `${brand.name} logo`,
    wordmarkBody(brand, primary, accent),
  );
}

function flavorColors(product) {
  return catalog.flavorById(product.flavorIds[0])?.colors ?? ['#f4f4f2', '#9a9a92'];
}

function textLines(lines, x, y, lineHeight, attrs) {
  return lines.map((l, i) => `<text x="${x}" y="${y + i * lineHeight}" ${attrs}>${esc(l)}</text>`).join('');
}

/** The wordmark placed inside another drawing, `width` wide (a scaled group, not a nested <svg>). */
function placedWordmark(brand, x, y, width, fg, mark) {
  const scale = +(width / WORDMARK_WIDTH).toFixed(4);
  return `<g transform="translate(${x} ${y}) scale(${scale})">${wordmarkBody(brand, fg, mark)}</g>`;
}

/** The flavor in as large a type as fits `width`: up to 3 lines, the size from the longest one. */
function flavorBlock(flavor, { x, y, width, maxSize, fill }) {
  const lines = wrap(flavor, 11).slice(0, 3);
  const longest = Math.max(...lines.map((l) => l.length));
  // Bold sans-serif letters are about 0.58 em wide on average.
  const size = Math.min(maxSize, Math.floor(width / (0.58 * longest)));
  const lineHeight = Math.round(size * 1.1);
  const text = textLines(
    lines,
    x,
    y + size,
    lineHeight,
    `text-anchor="middle" font-size="${size}" font-weight="800" fill="${fill}"`,
  );
  return { text, height: lineHeight * (lines.length - 1) + size };
}

function tub(product, brand) {
  const [light, deep] = flavorColors(product);
  const { primary, accent, ink } = brand.colors;
  const titleLines = wrap(product.title, 22).slice(0, 2);
  const titleTop = 128;
  const bandTop = titleTop + titleLines.length * 17 + 4;
  const flavor = flavorBlock(product.flavor, {
    x: 150,
    y: bandTop + 10,
    width: 156,
    maxSize: 24,
    fill: '#ffffff',
  });
  const bandHeight = flavor.height + 22;
  const body = [
    `<rect x="58" y="18" width="184" height="36" rx="8" fill="${accent}"/>`,
    `<rect x="58" y="44" width="184" height="10" fill="#000" opacity="0.12"/>`,
    `<path d="M46 54h208l-12 288a14 14 0 0 1-14 13H72a14 14 0 0 1-14-13z" fill="${primary}"/>`,
    `<rect x="66" y="64" width="168" height="250" rx="10" fill="#ffffff"/>`,
    placedWordmark(brand, 76, 72, 148, primary, accent),
    textLines(
      titleLines,
      150,
      titleTop,
      17,
      `text-anchor="middle" font-size="14" font-weight="700" fill="${primary}"`,
    ),
    `<rect x="66" y="${bandTop}" width="168" height="${bandHeight}" fill="${deep}"/>`,
    flavor.text,
    `<rect x="66" y="${bandTop + bandHeight}" width="168" height="6" fill="${light}"/>`,
    `<text x="150" y="${bandTop + bandHeight + 30}" text-anchor="middle" font-size="18" font-weight="800" fill="${primary}">${product.gramsProtein}G PROTEIN</text>`,
    `<text x="150" y="${bandTop + bandHeight + 50}" text-anchor="middle" font-size="11" letter-spacing="1" fill="${primary}">${esc(product.proteinType === 'plant' ? 'PLANT PROTEIN' : `${product.proteinType.toUpperCase()} PROTEIN`)}</text>`,
    `<text x="150" y="334" text-anchor="middle" font-size="13" font-weight="700" letter-spacing="1" fill="${ink}">NET WT ${esc(`${product.sizeLbs} LB`)}</text>`,
  ].join('');
  return svg('0 0 300 360', `${brand.name} ${productNameOf(product)} tub`, body);
}

function sample(product, brand) {
  const [light, deep] = flavorColors(product);
  const { primary, accent, ink } = brand.colors;
  // A packet with crimped top and bottom edges.
  const top = Array.from({ length: 21 }, (_, i) => `${20 + i * 8},${i % 2 ? 28 : 36}`);
  const bottom = Array.from({ length: 21 }, (_, i) => `${180 - i * 8},${i % 2 ? 232 : 224}`);
  const flavor = flavorBlock(product.flavor, { x: 100, y: 92, width: 124, maxSize: 20, fill: primary });
  const body = [
    `<polygon points="${[...top, ...bottom].join(' ')}" fill="${primary}"/>`,
    placedWordmark(brand, 40, 42, 120, ink, accent),
    `<rect x="30" y="84" width="140" height="${flavor.height + 40}" rx="8" fill="${light}"/>`,
    `<rect x="30" y="84" width="140" height="6" fill="${deep}"/>`,
    flavor.text,
    `<text x="100" y="${84 + flavor.height + 31}" text-anchor="middle" font-size="13" font-weight="700" fill="${primary}">${product.gramsProtein}g protein</text>`,
    `<text x="100" y="208" text-anchor="middle" font-size="11" font-weight="700" letter-spacing="1" fill="${ink}">SAMPLE · 1 SERVING</text>`,
    `<text x="100" y="220" text-anchor="middle" font-size="9" fill="${ink}">${product.nutrition.servingSizeG} g</text>`,
  ].join('');
  return svg('0 0 200 260', `${brand.name} ${productNameOf(product)} sample packet`, body);
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
