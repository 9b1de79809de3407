// Writes each public page as HTML into the client build: the page's markup inside #root, its own
// title and description, and only the one stylesheet in front of it, so it paints before any
// script is fetched; the script that hydrates it comes last
// (docs/decisions/014-prerendered-public-pages.md#how).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT_ELEMENT = '<div id="root"></div>';

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
    const document = withScriptLast(shell)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(head.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => meta)
      .replace('</head>', () => `${links.join('')}</head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`);
    writeFileSync(path.join(outDir, page.file), document);
    // What the page loads to hydrate: the shell's script and its imports, then the route's chunks.
    const scripts = [...new Set([...inShell.js, ...own.js])].map((f) => `/${f}`);
    pages.push({
      path: page.path,
      file: page.file,
      anyQuery: page.anyQuery,
      ...(page.requiredQuery ? { requiredQuery: page.requiredQuery } : {}),
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
 * The shell without its modulepreloads and with its module script at the end of <body>. Measured
 * with Lighthouse on simulated slow 4G, preloading a page's 20-odd chunks in <head> made them
 * share the first round trips with the stylesheet and delayed the first paint by about 0.5 s;
 * the built HTML needs no script to paint, so the script may wait.
 */
function withScriptLast(shell) {
  const script = /\s*(<script type="module"[^>]*><\/script>)/.exec(shell);
  if (!script) throw new Error('prerender: no module script in dist/index.html');
  return shell
    .replace(script[0], '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</body>', () => `${script[1]}\n  </body>`);
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
