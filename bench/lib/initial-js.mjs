// The JavaScript a first visit loads before the first render (or, on a prerendered page, before
// it hydrates): the page's module script and its modulepreloads, gzip-compressed from the built files.
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

/**
 * Each initial script of a built page with its raw and gzip sizes, and the totals: index.html
 * (the SPA shell) by default, or a prerendered page's own HTML, which adds its route's chunks.
 */
export function initialJs(distDir, htmlFile = 'index.html') {
  const html = readFileSync(path.join(distDir, htmlFile), 'utf8');
  let developmentBuild = false;
  const files = initialScriptUrls(html).map((url) => {
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

/**
 * The HTML file a path is first answered with: its prerendered page when the build lists one
 * (dist/prerendered/manifest.json, docs/decisions/014-prerendered-public-pages.md#serving), else the shell.
 */
export function htmlFileFor(distDir, urlPath) {
  const manifestFile = path.join(distDir, 'prerendered', 'manifest.json');
  if (!existsSync(manifestFile)) return 'index.html';
  const { pages } = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const page = pages.find((p) => p.path === urlPath.split('?')[0]);
  return page ? path.join('prerendered', page.file) : 'index.html';
}
