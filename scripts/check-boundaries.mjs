#!/usr/bin/env node
// Fails when an import crosses one of the boundaries ARCHITECTURE.md#the-rules-the-lint-checks
// states. Rules (production files only; tests may reach anywhere to arrange and inspect):
//   api-face           a file outside apps/api/src/modules/<m>/ imports a file of <m> other than
//                      modules/<m>/index.ts (read-models may also import any module's *.table.ts)
//   api-two-way        two API modules import each other (type-only imports count)
//   api-foreign-table  a *.repository.ts imports another module's *.table.ts
//   web-feature        apps/web/src/features/<x>/ imports apps/web/src/features/<y>/
//   web-shared         apps/web/src/lib/ or apps/web/src/components/ imports a feature
//   api-module-table   ARCHITECTURE.md's "API modules" table lacks a module, or its "imports" cell
//                      differs from the modules that module's production files import
//   api-foreign-sql    a production file of modules/<m>/ names, in raw SQL (a sql`…` template, a
//                      sql.raw or db.execute string), another module's table as a table reference
//                      (after FROM, JOIN, INTO, UPDATE, TABLE); a table's owners are the modules
//                      whose *.table.ts declare it with pgTable('name', …)
// Breaks known today are listed in scripts/check-boundaries.allowlist.json, one entry per break;
// an entry that no longer breaks is itself an error, so the list only shrinks.
// Usage: node scripts/check-boundaries.mjs [--root <dir>] [--allowlist <file>] [--prune]
//   --prune  rewrites the allowlist without its stale entries (it never adds one)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGraph } from './check-cycles.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const API = 'apps/api/src';
const MODULES = `${API}/modules/`;
const READ_MODELS = `${API}/read-models/`;
const WEB = 'apps/web/src';
const FEATURES = `${WEB}/features/`;

/** Tests, their support files and the API's test helpers are not held to the boundaries. */
export const isTestFile = (file) =>
  /\.test\.[cm]?[jt]sx?$/.test(file) || /\.test-support\.tsx?$/.test(file) || file.startsWith(`${API}/test/`);

const moduleOf = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : undefined);
const featureOf = (file) =>
  file.startsWith(FEATURES) ? file.slice(FEATURES.length).split('/')[0] : undefined;
const isTable = (file) => /\.table\.ts$/.test(file);

/** Every break of the rules under `root`, as `{ rule, from, to }` with paths relative to `root`. */
export function findBreaks(root) {
  const dirs = [API, WEB].map((d) => join(root, d)).filter((d) => existsSync(d));
  const graph = importGraph(dirs, { '@/': join(root, WEB) });
  const breaks = [];
  const moduleEdges = new Map();
  for (const [absFrom, targets] of graph) {
    const from = relative(root, absFrom);
    if (isTestFile(from)) continue;
    for (const absTo of targets) {
      const to = relative(root, absTo);
      const fromModule = moduleOf(from);
      const toModule = moduleOf(to);
      if (toModule && toModule !== fromModule) {
        if (fromModule) {
          if (!moduleEdges.has(fromModule)) moduleEdges.set(fromModule, new Set());
          moduleEdges.get(fromModule).add(toModule);
        }
        const face = `${MODULES}${toModule}/index.ts`;
        const readModelTable = from.startsWith(READ_MODELS) && isTable(to);
        if (to !== face && !readModelTable) breaks.push({ rule: 'api-face', from, to });
        if (/\.repository\.ts$/.test(from) && isTable(to))
          breaks.push({ rule: 'api-foreign-table', from, to });
      }
      const fromFeature = featureOf(from);
      const toFeature = featureOf(to);
      if (toFeature && fromFeature && toFeature !== fromFeature)
        breaks.push({ rule: 'web-feature', from, to });
      if (toFeature && (from.startsWith(`${WEB}/lib/`) || from.startsWith(`${WEB}/components/`)))
        breaks.push({ rule: 'web-shared', from, to });
    }
  }
  for (const [a, targets] of moduleEdges) {
    for (const b of targets) {
      if (a < b && moduleEdges.get(b)?.has(a))
        breaks.push({ rule: 'api-two-way', from: `${MODULES}${a}`, to: `${MODULES}${b}` });
    }
  }
  breaks.push(...moduleTableBreaks(root, moduleEdges));
  breaks.push(...foreignSqlBreaks(root));
  return breaks;
}

function listSources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

/** Table name -> the modules whose `*.table.ts` declare it with `pgTable('name', …)`. */
export function tableOwners(root) {
  const modulesDir = join(root, MODULES);
  const owners = new Map();
  if (!existsSync(modulesDir)) return owners;
  for (const file of listSources(modulesDir)) {
    const rel = relative(root, file);
    if (!isTable(rel) || isTestFile(rel)) continue;
    const owner = moduleOf(rel);
    for (const m of readFileSync(file, 'utf8').matchAll(/\bpgTable\(\s*['"`]([A-Za-z0-9_]+)['"`]/g)) {
      if (!owners.has(m[1])) owners.set(m[1], new Set());
      owners.get(m[1]).add(owner);
    }
  }
  return owners;
}

/** The end of the template literal whose text starts at `i` (just after its opening backtick). */
function templateEnd(text, i) {
  const parts = [];
  let start = i;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '`') {
      parts.push(text.slice(start, i));
      return { end: i + 1, text: parts.join(' ') };
    } else if (c === '$' && text[i + 1] === '{') {
      parts.push(text.slice(start, i));
      i = expressionEnd(text, i + 2);
      start = i;
    } else i++;
  }
  parts.push(text.slice(start));
  return { end: text.length, text: parts.join(' ') };
}

/** The index just past the `}` that closes the `${` expression starting at `i`. */
function expressionEnd(text, i) {
  let depth = 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '`') i = templateEnd(text, i + 1).end;
    else if (c === "'" || c === '"') {
      i++;
      while (i < text.length && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
      i++;
    } else {
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return i + 1;
      i++;
    }
  }
  return i;
}

/**
 * The raw SQL text a source file holds: the literal text of every sql`…` template (its `${…}`
 * expressions left out; a template nested in one is read on its own), and the string or template
 * handed to `sql.raw(…)` or `.execute(…)`.
 */
export function sqlTexts(source) {
  const texts = [];
  for (const m of source.matchAll(/\bsql`|\bsql\.raw\(\s*`|\.execute(?:<[^>()]*>)?\(\s*`/g)) {
    texts.push(templateEnd(source, m.index + m[0].length).text);
  }
  for (const m of source.matchAll(/(?:\bsql\.raw|\.execute(?:<[^>()]*>)?)\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)) {
    texts.push(m[2]);
  }
  return texts;
}

const TABLE_REFERENCE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:ONLY\s+)?"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;

/** The tables a SQL text names as tables (after FROM, JOIN, INTO, UPDATE, TABLE). */
export function tablesNamed(text) {
  return new Set([...text.matchAll(TABLE_REFERENCE)].map((m) => m[1].toLowerCase()));
}

function foreignSqlBreaks(root) {
  const modulesDir = join(root, MODULES);
  if (!existsSync(modulesDir)) return [];
  const owners = tableOwners(root);
  const breaks = [];
  for (const file of listSources(modulesDir)) {
    const from = relative(root, file);
    if (isTestFile(from)) continue;
    const module = moduleOf(from);
    const named = new Set();
    for (const text of sqlTexts(readFileSync(file, 'utf8'))) for (const t of tablesNamed(text)) named.add(t);
    for (const table of [...named].sort()) {
      const of = owners.get(table);
      if (!of || of.has(module)) continue;
      breaks.push({ rule: 'api-foreign-sql', from, to: `table ${table} of ${[...of].sort().join(', ')}` });
    }
  }
  return breaks;
}

/**
 * The "API modules" table of ARCHITECTURE.md: module -> the modules its "imports" cell names
 * ("nothing" is none). Undefined when the file or the table is absent.
 */
export function moduleTable(markdown) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === '## API modules');
  if (start < 0) return undefined;
  const rows = [];
  for (let i = start + 1; i < lines.length && !lines[i].startsWith('## '); i++) {
    if (lines[i].trim().startsWith('|')) rows.push(lines[i].trim());
    else if (rows.length > 0) break;
  }
  const cells = (row) =>
    row
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
  const header = rows[0] ? cells(rows[0]) : [];
  const moduleColumn = header.indexOf('module');
  const importsColumn = header.indexOf('imports');
  if (moduleColumn < 0 || importsColumn < 0) return undefined;
  const names = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const table = new Map();
  for (const row of rows.slice(2)) {
    const c = cells(row);
    for (const name of names(c[moduleColumn] ?? '')) table.set(name, new Set(names(c[importsColumn] ?? '')));
  }
  return table;
}

function moduleTableBreaks(root, moduleEdges) {
  const doc = join(root, 'ARCHITECTURE.md');
  const modulesDir = join(root, MODULES);
  if (!existsSync(doc) || !existsSync(modulesDir)) return [];
  const table = moduleTable(readFileSync(doc, 'utf8')) ?? new Map();
  const breaks = [];
  const list = (set) => [...set].sort().join(', ') || 'nothing';
  for (const name of readdirSync(modulesDir).sort()) {
    if (!statSync(join(modulesDir, name)).isDirectory()) continue;
    const actual = moduleEdges.get(name) ?? new Set();
    const stated = table.get(name);
    if (!stated) {
      breaks.push({ rule: 'api-module-table', from: `${MODULES}${name}`, to: 'ARCHITECTURE.md (no row)' });
    } else if (list(stated) !== list(actual)) {
      breaks.push({
        rule: 'api-module-table',
        from: `${MODULES}${name}`,
        to: `ARCHITECTURE.md (the table says ${list(stated)}; the code imports ${list(actual)})`,
      });
    }
  }
  return breaks;
}

const key = (entry) => `${entry.rule} ${entry.from} -> ${entry.to}`;

/** Compares the breaks with the allowlist: new breaks and entries that no longer break. */
export function check(root, allowlistFile) {
  const allowed = existsSync(allowlistFile) ? JSON.parse(readFileSync(allowlistFile, 'utf8')) : [];
  const allowedKeys = new Set(allowed.map(key));
  const breaks = findBreaks(root);
  const breakKeys = new Set(breaks.map(key));
  return {
    breaks,
    unlisted: [...breakKeys].filter((k) => !allowedKeys.has(k)).sort(),
    stale: [...allowedKeys].filter((k) => !breakKeys.has(k)).sort(),
    allowed: allowedKeys.size,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const root = resolve(option('--root') ?? repo);
  const allowlist = resolve(option('--allowlist') ?? join(repo, 'scripts/check-boundaries.allowlist.json'));
  const result = check(root, allowlist);
  if (args.includes('--prune') && result.stale.length > 0) {
    const stale = new Set(result.stale);
    const kept = JSON.parse(readFileSync(allowlist, 'utf8')).filter((entry) => !stale.has(key(entry)));
    writeFileSync(allowlist, `${JSON.stringify(kept, null, 2)}\n`);
    console.log(`check-boundaries: removed ${stale.size} stale entr(ies) from ${relative(repo, allowlist)}`);
    result.stale = [];
    result.allowed = kept.length;
  }
  for (const k of result.unlisted) console.error(`boundary broken: ${k}`);
  for (const k of result.stale)
    console.error(`allowlist entry no longer breaks (remove it from ${relative(repo, allowlist)}): ${k}`);
  if (result.unlisted.length > 0 || result.stale.length > 0) {
    console.error(
      `check-boundaries: ${result.unlisted.length} new break(s), ${result.stale.length} stale allowlist entr(ies); the rules are in ARCHITECTURE.md#the-rules-the-lint-checks`,
    );
    process.exit(1);
  }
  console.log(`check-boundaries: no new break; ${result.allowed} known break(s) left in the allowlist`);
}
