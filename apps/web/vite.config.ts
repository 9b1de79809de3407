import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside every text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = '';
  let isSsr = false;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      // The configured output, so `vite build --outDir elsewhere` compresses what it wrote.
      outDir = path.resolve(config.root, config.build.outDir);
      isSsr = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The prerender's server bundle is a build tool, never sent to a browser.
      if (isSsr) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const p = path.join(dir, f);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Preloads the web font that global.css declares, by its hashed URL, so the browser fetches it
 * with the CSS instead of after it (docs/look-and-trust.md#type-and-controls). Build only: the
 * dev server serves the font from node_modules without a hash.
 */
function preloadFont(pattern: RegExp): Plugin {
  return {
    name: 'preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((f) => pattern.test(f));
        if (files.length === 0) throw new Error(`preload-font: no asset matches ${pattern}`);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadFont(/figtree-latin-wght-normal-[\w-]+\.woff2$/)],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Which CSS and chunks each route needs, for the prerendered pages (scripts/prerender.mjs).
    manifest: true,
    // One stylesheet for the whole app (about 22 kB gzip): a prerendered page then waits for one
    // request before it paints instead of five (docs/decisions/014-prerendered-public-pages.md#how),
    // and no page change waits for its route's CSS.
    cssCodeSplit: false,
    // The browsers the store supports (es2022) all know <link rel="modulepreload">; the polyfill
    // would be 0.5 kB gzip of the shell every first visit loads.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
