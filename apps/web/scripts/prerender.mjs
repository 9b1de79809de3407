// Writes each public page as HTML into the client build: the page's markup inside #root, its own
// title and description, and the rules of the stylesheet it uses inlined, so it paints from the
// HTML alone; a small loader then fetches the stylesheet and the app that hydrates the page
// (docs/decisions/014-prerendered-public-pages.md#how, docs/performance.md#the-first-paint-from-the-html-alone).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const ROOT_ELEMENT = '<div id="root"></div>';
/** Shared with apps/web/src/lib/early-input.ts, which reads them once the page has hydrated. */
const EARLY_PRESS = 'data-early-press';
const HYDRATED_EVENT = 'store:hydrated';

/** Prerenders every page of the SSR entry's list into `dist/prerendered/`; returns the manifest's pages. */
export async function prerender({ dist, entry }) {
  const { render, PRERENDERED_PAGES } = await import(pathToFileURL(entry).href);
  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`prerender: ${ROOT_ELEMENT} is not in dist/index.html`);
  const viteManifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const inShell = chunkAssets(viteManifest, 'index.html');

  const outDir = path.join(dist, 'prerendered');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const pages = [];
  const stylesheets = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  const critical = criticalCss(dist, stylesheets);
  const loader = writeLoader(dist, shellScript(shell), stylesheets);
  for (const page of PRERENDERED_PAGES) {
    const rendered = await render(page.renderAt ?? page.path);
    const { head } = rendered;
    // React writes the preloads of the page's images before its markup; they belong in <head>,
    // and #root must hold only what the client renders.
    const hints = [];
    const html = rendered.html.replace(/^(?:<link rel="preload"[^>]*>)+/, (found) => {
      hints.push(found);
      return '';
    });
    if (!head?.title || !head.tags) {
      throw new Error(`prerender: ${page.path} set no title and description (useSeo)`);
    }
    // The content security policy (style-src 'self') refuses style attributes in HTML.
    const inlineStyle = /\sstyle="[^"]*"/.exec(html);
    if (inlineStyle)
      throw new Error(`prerender: ${page.path} has ${inlineStyle[0].trim()}; set it from script`);
    const own = chunkAssets(viteManifest, page.module);
    // A route's own CSS, should the build ever split CSS again (vite.config.ts keeps it whole).
    const links = [
      ...hints,
      ...own.css.filter((f) => !inShell.css.includes(f)).map((f) => `<link rel="stylesheet" href="/${f}">`),
    ];
    const meta = headTagsHtml(head.tags);
    const document = withLoader(
      await critical.process(
        withoutScripts(shell)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(head.title)}</title>`)
          .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => meta)
          .replace('</head>', () => `${links.join('')}</head>`)
          .replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`),
      ),
      loader,
      stylesheets,
    );
    writeFileSync(path.join(outDir, page.file), document);
    // What the page loads to hydrate: the loader, the shell's script and its imports, then the
    // route's chunks.
    const scripts = [loader, ...new Set([...inShell.js, ...own.js])].map((f) => `/${f}`);
    pages.push({
      path: page.path,
      file: page.file,
      anyQuery: page.anyQuery,
      ...(page.requiredQuery ? { requiredQuery: page.requiredQuery } : {}),
      styleHashes: inlineStyleHashes(document),
      scripts,
    });
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify({ pages }, null, 2)}\n`);
  return pages;
}

/**
 * The description, keywords, social card, canonical link and structured data, as `applyHeadTags`
 * writes them in the browser (marked `data-seo`, so the next page replaces them); absolute URLs carry
 * PRERENDER_ORIGIN, which the API swaps for its public address.
 */
export function headTagsHtml(tags) {
  const meta = tags.meta.map(
    (tag) => `<meta ${tag.attribute}="${tag.key}" content="${escapeAttribute(tag.content)}" data-seo="">`,
  );
  if (tags.canonical) meta.push(`<link rel="canonical" href="${escapeAttribute(tags.canonical)}">`);
  // Structured data is not script the browser runs, so the content security policy allows it;
  // its JSON already has every `<` escaped (scriptJson in seo.ts).
  if (tags.jsonLd) meta.push(`<script type="application/ld+json" data-seo="">${tags.jsonLd}</script>`);
  return meta.join('');
}

/**
 * Inlines, in a `<style>` in `<head>`, the rules of the app's stylesheet that match an element of
 * the page's markup (with the media queries, custom properties and keyframes they need), so the
 * page paints without waiting a round trip for the 140 kB stylesheet. The stylesheet's link is
 * left out (`withLoader` puts it in a `<noscript>`; the loader adds it once the page has painted).
 * The web font's face goes in too (Beasties cannot tell it is used: the family is named through a
 * custom property), so the first paint already uses the font when it has arrived; the shell
 * preloads it.
 */
function criticalCss(dist, stylesheets) {
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    fonts: false,
    pruneSource: false,
    preload: 'body',
    // The base styles of form controls are written `:where(input[type=checkbox])` (no specificity);
    // Beasties' selector matching does not see through `:where`, so they are always kept.
    allowRules: [/^:where\(/],
    logLevel: 'warn',
  });
  if (stylesheets.length === 0) throw new Error('prerender: no stylesheet in dist/index.html');
  const fontFaces = stylesheets
    .flatMap((file) => readFileSync(path.join(dist, file), 'utf8').match(/@font-face\{[^}]*\}/g) ?? [])
    .join('');
  return {
    async process(document) {
      const inlined = await beasties.process(document);
      if (!/<style>/.test(inlined)) throw new Error('prerender: no critical CSS was inlined');
      // Beasties moved the stylesheet's link to the end of <body>, where it would still hold the
      // parser; the page has a <noscript> link and the loader instead.
      const links = stylesheets.map((file) => new RegExp(`<link rel="stylesheet"[^>]*href="/${file}"[^>]*>`));
      let withoutLinks = inlined;
      for (const link of links) {
        if (!link.test(withoutLinks))
          throw new Error(`prerender: the link to ${link.source} is not in the page`);
        withoutLinks = withoutLinks.replace(link, '');
      }
      return withoutLinks.replace('<style>', () => `<style>${fontFaces}`);
    },
  };
}

/**
 * The CSP hash of each inline `<style>` of a page, as `'sha256-…'`: the server adds them to the
 * page's `style-src`, which otherwise allows only stylesheets from the store's own origin.
 */
export function inlineStyleHashes(document) {
  return [...document.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
  );
}

/** The shell's module script, `/assets/index-….js`. */
function shellScript(shell) {
  const script = /<script type="module"[^>]*src="(\/[^"]+)"[^>]*><\/script>/.exec(shell);
  if (!script) throw new Error('prerender: no module script in dist/index.html');
  return script[1];
}

/**
 * Writes the loader a prerendered page ends with: once the browser reports the page's first
 * contentful paint, it preloads the stylesheet, imports the shell (which hydrates the page) and
 * applies the stylesheet once the shell's modules have run. Until
 * then nothing but the HTML (with its critical CSS) and the web font is fetched, so the first
 * paint waits for no other request. Lighthouse's simulation counts every script and stylesheet
 * fetched before the paint it observed as delaying that paint (on slow 4G, a round trip and the
 * shell's 77 kB), though none does here; measured in docs/performance.md. A browser that does not
 * report paints loads the app after its first frame; a page opened in a background tab, which
 * paints only when shown, loads it after three seconds. A button pressed before the app runs is
 * pressed again once it has hydrated (a second press of the same button cancels the first, as a
 * toggle would). Returns the file's path under `dist`.
 */
function writeLoader(dist, shellUrl, stylesheets) {
  const source = `// Loads the stylesheet and the app once the prerendered page has painted (prerender.mjs).
// Until the app has taken the page over, a press on one of its buttons does nothing: the last
// button pressed is marked, and the app presses it again once hydrated (lib/early-input.ts).
const press = (event) => {
  const button = event.target instanceof Element ? event.target.closest('#root button[type="button"]') : null;
  if (!button) return;
  const again = button.hasAttribute('${EARLY_PRESS}');
  for (const marked of document.querySelectorAll('[${EARLY_PRESS}]')) marked.removeAttribute('${EARLY_PRESS}');
  if (!again) button.setAttribute('${EARLY_PRESS}', '');
};
document.addEventListener('click', press, true);
document.addEventListener('${HYDRATED_EVENT}', () => document.removeEventListener('click', press, true), { once: true });
let started = false;
const start = () => {
  if (started) return;
  started = true;
  const stylesheets = ${JSON.stringify(stylesheets.map((file) => `/${file}`))};
  const add = (rel, href) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (rel === 'preload') link.as = 'style';
    document.head.append(link);
  };
  for (const href of stylesheets) add('preload', href);
  // Applied in a task of its own after the app's modules have run: parsing 140 kB of CSS and
  // styling the page again, in the same task, made one long task of the two.
  import(${JSON.stringify(shellUrl)}).finally(() => setTimeout(() => stylesheets.forEach((href) => add('stylesheet', href))));
};
if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 3000);
} else requestAnimationFrame(() => setTimeout(start, 0));
`;
  const file = `assets/after-paint-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  writeFileSync(path.join(dist, file), source);
  return file;
}

/** The shell without its module script and modulepreloads, which would fetch the app before the first paint. */
function withoutScripts(shell) {
  return shell
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/** The page with the loader at the end of <body>, and the stylesheet in a `<noscript>` for browsers without scripts. */
function withLoader(document, loader, stylesheets) {
  const noscript = stylesheets.map((file) => `<link rel="stylesheet" href="/${file}">`).join('');
  return document.replace(
    '</body>',
    () => `<noscript>${noscript}</noscript>\n  <script type="module" src="/${loader}"></script>\n  </body>`,
  );
}

/** The JS files and CSS of a manifest entry and of every chunk it imports statically. */
function chunkAssets(manifest, key) {
  const js = [];
  const css = [];
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`prerender: ${k} is not in the Vite manifest`);
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

function escapeText(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text) {
  return escapeText(text).replace(/"/g, '&quot;');
}
