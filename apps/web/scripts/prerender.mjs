// Writes each public page as HTML into the client build: the page's markup inside #root, its own
// title and description, and its route's CSS and script chunks, so it paints styled before any
// script runs and hydrates without waiting (docs/decisions/014-prerendered-public-pages.md#how).
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
    const rendered = await render(page.path);
    const { head } = rendered;
    // React writes the preloads of the page's images before its markup; they belong in <head>,
    // and #root must hold only what the client renders.
    const hints = [];
    const html = rendered.html.replace(/^(?:<link rel="preload"[^>]*>)+/, (found) => {
      hints.push(found);
      return '';
    });
    if (!head?.title || !head.description) {
      throw new Error(`prerender: ${page.path} set no title and description (useSeo)`);
    }
    // The content security policy (style-src 'self') refuses style attributes in HTML.
    const inlineStyle = /\sstyle="[^"]*"/.exec(html);
    if (inlineStyle)
      throw new Error(`prerender: ${page.path} has ${inlineStyle[0].trim()}; set it from script`);
    const own = chunkAssets(viteManifest, page.module);
    const links = [
      ...hints,
      ...own.css.filter((f) => !inShell.css.includes(f)).map((f) => `<link rel="stylesheet" href="/${f}">`),
      ...own.js
        .filter((f) => !inShell.js.includes(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ];
    const meta = head.keywords?.length
      ? `<meta name="keywords" content="${escapeAttribute(head.keywords.join(', '))}">`
      : '';
    const document = shell
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(head.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeAttribute(head.description)}">${meta}`,
      )
      .replace('</head>', () => `${links.join('')}</head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`);
    writeFileSync(path.join(outDir, page.file), document);
    pages.push({ path: page.path, file: page.file, anyQuery: page.anyQuery });
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify({ pages }, null, 2)}\n`);
  return pages;
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
