import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { initialJs, initialJsFor, initialScriptUrls } from './initial-js.mjs';

describe('initialScriptUrls', () => {
  it('lists the module script and its modulepreloads, not lazy chunks, styles or other origins', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-def.js">
      <link rel='modulepreload' href='/assets/react-def.js'>
      <link rel="stylesheet" href="/assets/index-abc.css">
      <link rel="modulepreload" href="https://cdn.example.com/x.js">
      <script src="/legacy.js"></script>
      <link rel="prefetch" href="/assets/lazy-page.js">
    </head><body><div id="root"></div></body></html>`;
    expect(initialScriptUrls(html)).toEqual(['/assets/index-abc.js', '/assets/react-def.js']);
  });
});

describe('initialJs', () => {
  let dir;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('sums gzip sizes, using the build’s .gz when it exists', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'initial-js-'));
    mkdirSync(path.join(dir, 'assets'));
    const entry = 'console.log("entry");'.repeat(200);
    const vendor = 'export const x = 1;'.repeat(300);
    writeFileSync(path.join(dir, 'assets/index.js'), entry);
    writeFileSync(path.join(dir, 'assets/index.js.gz'), Buffer.alloc(123));
    writeFileSync(path.join(dir, 'assets/vendor.js'), vendor);
    writeFileSync(path.join(dir, 'assets/lazy.js'), 'lazy');
    writeFileSync(
      path.join(dir, 'index.html'),
      '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/vendor.js">',
    );
    const result = initialJs(dir);
    const vendorGzip = gzipSync(vendor, { level: 9 }).length;
    expect(result.files).toEqual([
      { url: '/assets/index.js', bytes: entry.length, gzipBytes: 123 },
      { url: '/assets/vendor.js', bytes: vendor.length, gzipBytes: vendorGzip },
    ]);
    expect(result.gzipBytes).toBe(123 + vendorGzip);
    expect(result.bytes).toBe(entry.length + vendor.length);
    expect(result.developmentBuild).toBe(false);
  });

  it('notices a build that bundled React for development', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'initial-js-'));
    writeFileSync(
      path.join(dir, 'index.js'),
      'console.error("Invalid hook call. Hooks can only be called inside");',
    );
    writeFileSync(path.join(dir, 'index.html'), '<script type="module" src="/index.js"></script>');
    expect(initialJs(dir).developmentBuild).toBe(true);
  });
});

describe('initialJsFor', () => {
  let dir;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('measures a prerendered page by the scripts it hydrates with, any other path by the shell', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'initial-js-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets/index.js'), 'a'.repeat(100));
    writeFileSync(path.join(dir, 'assets/home.js'), 'b'.repeat(100));
    writeFileSync(path.join(dir, 'index.html'), '<script type="module" src="/assets/index.js"></script>');
    expect(initialJsFor(dir, '/').files.map((f) => f.url)).toEqual(['/assets/index.js']);
    mkdirSync(path.join(dir, 'prerendered'));
    writeFileSync(
      path.join(dir, 'prerendered/manifest.json'),
      JSON.stringify({
        pages: [
          { path: '/', file: 'home.html', anyQuery: true, scripts: ['/assets/index.js', '/assets/home.js'] },
        ],
      }),
    );
    expect(initialJsFor(dir, '/?utm=x').files.map((f) => f.url)).toEqual([
      '/assets/index.js',
      '/assets/home.js',
    ]);
    expect(initialJsFor(dir, '/shop').files.map((f) => f.url)).toEqual(['/assets/index.js']);
  });
});
