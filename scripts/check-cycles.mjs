#!/usr/bin/env node
// Fails when the relative imports under a source folder form a cycle (type-only imports count too:
// a cycle of types still means two modules cannot be read or moved one without the other).
// Usage: node scripts/check-cycles.mjs [folder ...]   (default: apps/api/src)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
// `import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`.
const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*\(?\s*['"]([^'"]+)['"]/gm;

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

function resolveImport(from, specifier, aliases) {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  if (!specifier.startsWith('.') && !alias) return undefined;
  const base = alias
    ? join(aliases[alias], specifier.slice(alias.length))
    : resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** Strips comments so an import written inside a comment is not counted. */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * The import graph of the files under `dirs`: file -> files it imports. `aliases` maps a
 * specifier prefix to a folder (`{ '@/': '/abs/apps/web/src' }`); other bare specifiers are packages.
 */
export function importGraph(dirs, aliases = {}) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of listFiles(dir)) {
      const edges = new Set();
      const text = stripComments(readFileSync(file, 'utf8'));
      for (const match of text.matchAll(SPECIFIER)) {
        const target = resolveImport(file, match[1] ?? match[2], aliases);
        if (target) edges.add(target);
      }
      graph.set(file, edges);
    }
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function findCycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const low = new Map();
  const cycles = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), indices.get(w)));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dirs = (args.length > 0 ? args : ['apps/api/src']).map((d) => resolve(root, d));
  const graph = importGraph(dirs);
  const cycles = findCycles(graph);
  if (cycles.length === 0) {
    console.log(`check-cycles: no import cycle among ${graph.size} files`);
  } else {
    for (const cycle of cycles) {
      console.error(`import cycle (${cycle.length} files):`);
      for (const file of cycle) console.error(`  ${relative(root, file)}`);
    }
    console.error(`check-cycles: ${cycles.length} cycle(s)`);
    process.exit(1);
  }
}
