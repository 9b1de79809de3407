// The JavaScript a first visit loads before the first render (or, on a prerendered page, before
// it hydrates), gzip-compressed from the built files.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The same-origin script URLs in index.html that block the first render, in document order. */
export function initialScriptUrls(html) {
  const urls = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];
    const isModuleScript = /^<script/i.test(tag) && attr('type') === 'module' && attr('src');
    const isModulePreload = /^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href');
    const url = isModuleScript ? attr('src') : isModulePreload ? attr('href') : undefined;
    if (url?.startsWith('/') && !url.startsWith('//') && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/** Gzip size of one built file: the build's own .gz when present, else gzip level 9 here. */
export function gzipSize(file) {
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** React's development build carries its warnings; a production build has none of them. */
export function isReactDevelopmentBuild(source) {
  return source.includes('Invalid hook call');
}

/** Each initial script of the SPA shell (index.html) with its raw and gzip sizes, and the totals. */
export function initialJs(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return measure(distDir, initialScriptUrls(html));
}

/**
 * The JavaScript a first visit to `urlPath` loads: for a prerendered page, every script it
 * hydrates with as the prerender listed it (the shell's script, its imports and the route's
 * chunks, docs/decisions/014-prerendered-public-pages.md#serving), whether or not the HTML
 * preloads them; for any other path, the shell's.
 */
export function initialJsFor(distDir, urlPath) {
  const manifestFile = path.join(distDir, 'prerendered', 'manifest.json');
  if (existsSync(manifestFile)) {
    const { pages } = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const page = pages.find((p) => p.path === urlPath.split('?')[0]);
    if (page?.scripts) return measure(distDir, page.scripts);
  }
  return initialJs(distDir);
}

function measure(distDir, urls) {
  let developmentBuild = false;
  const files = urls.map((url) => {
    const file = path.join(distDir, url.split('?')[0]);
    const source = readFileSync(file);
    developmentBuild ||= isReactDevelopmentBuild(source.toString('utf8'));
    return { url, bytes: source.length, gzipBytes: gzipSize(file) };
  });
  return {
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    developmentBuild,
  };
}
