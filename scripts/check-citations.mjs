#!/usr/bin/env node
// Checks that the repository cites only its own documentation (the format is described at the
// top of docs/reliability.md):
//   1. every `docs/<file>.md#<anchor>` in code names a file that exists and a heading (or an
//      explicit <a id>) that exists in it;
//   2. a test name that starts with a guarantee id (`it('E7: ...')`) uses an id of docs/reliability.md;
//   3. nothing cites the old outside documents (DESIGN, RELIABILITY, spec 000/001);
//   4. links between the markdown files of docs/ (and from README.md, ARCHITECTURE.md) resolve.
// Usage: node scripts/check-citations.mjs [--root <dir>]   (exit 1 and one line per problem)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What is checked: the code folders plus the human-facing guides and decision records. */
export const CODE_DIRS = [
  'apps',
  'packages',
  'e2e',
  'bench',
  'docs/decisions',
  'README.md',
  'ARCHITECTURE.md',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.git']);
const CODE_FILE = /\.(ts|tsx|mts|js|mjs|cjs|sql|css|html|md)$/;

/** The old outside documents; any mention of them in code is an error. */
export const OUTSIDE_CITATION = /\bDESIGN\b|\bRELIABILITY\b|\b[Ss]pec[ -]?00[01]\b/g;
/** `docs/x.md` or `docs/x.md#anchor`, not preceded by a path character (so `../docs/` is left to rule 4). */
export const DOCS_CITATION = /(?<![\w./-])docs\/([\w./-]+?\.md)(?:#([\w-]+))?/g;
/** The string that opens a test or suite: it('...'), test.each(...)('...'), or a describe with a modifier. */
const TEST_NAME =
  /\b(?:it|test|describe|bench)(?:\.(?:only|skip|todo|concurrent|sequential|fails|each\([^)]*\)))*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
/** Leading guarantee ids of a test name: "E7: …", "D7 D8 …", "C1, C2 …". */
const LEADING_IDS = /^((?:[A-H]\d{1,2}(?![\w])[\s,:/&-]*)+)/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a markdown file offers: heading slugs (numbered when repeated) and <a id>/<a name>. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const counts = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function listFiles(dir, filter) {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return filter.test(dir) ? [dir] : [];
  const out = [];
  for (const name of readdirSync(dir)) {
    // bench/results holds measurements, not code; apps/web/src/features/results is code.
    if (SKIP_DIRS.has(name) || (name === 'results' && /(^|[\\/])bench$/.test(dir))) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path, filter));
    else if (filter.test(name)) out.push(path);
  }
  return out;
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/** All problems under `root`, as `path:line: message` strings. */
export function checkCitations(root) {
  const problems = [];
  const anchorCache = new Map();
  const anchorsFor = (file) => {
    if (!anchorCache.has(file)) {
      anchorCache.set(file, existsSync(file) ? anchorsOf(readFileSync(file, 'utf8')) : undefined);
    }
    return anchorCache.get(file);
  };
  const reliability = anchorsFor(join(root, 'docs', 'reliability.md')) ?? new Set();

  const checkTarget = (where, file, anchor, shown) => {
    const anchors = anchorsFor(file);
    if (!anchors) problems.push(`${where}: ${shown}: no such file`);
    else if (anchor && !anchors.has(anchor)) problems.push(`${where}: ${shown}: no heading #${anchor}`);
  };

  for (const dir of CODE_DIRS) {
    for (const file of listFiles(join(root, dir), CODE_FILE)) {
      const text = readFileSync(file, 'utf8');
      const rel = relative(root, file);
      for (const m of text.matchAll(OUTSIDE_CITATION)) {
        problems.push(`${rel}:${lineOf(text, m.index)}: "${m[0]}" cites a document outside the repository`);
      }
      for (const m of text.matchAll(DOCS_CITATION)) {
        checkTarget(`${rel}:${lineOf(text, m.index)}`, join(root, 'docs', m[1]), m[2], m[0]);
      }
      if (!/\.(ts|tsx|mts|js|mjs|cjs)$/.test(file)) continue;
      for (const m of text.matchAll(TEST_NAME)) {
        const ids = LEADING_IDS.exec(m[2]);
        if (!ids) continue;
        for (const id of ids[1].match(/[A-H]\d{1,2}/g)) {
          if (!reliability.has(id.toLowerCase())) {
            problems.push(`${rel}:${lineOf(text, m.index)}: test id ${id} is not in docs/reliability.md`);
          }
        }
      }
    }
  }

  // Links between the docs themselves, and from the two top-level guides.
  const guides = [
    ...listFiles(join(root, 'docs'), /\.md$/),
    join(root, 'README.md'),
    join(root, 'ARCHITECTURE.md'),
  ];
  for (const file of guides.filter((f) => existsSync(f))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, anchor] = target.split('#');
      const where = `${relative(root, file)}:${lineOf(text, m.index)}`;
      if (!path) checkTarget(where, file, anchor, target);
      else if (path.endsWith('.md')) checkTarget(where, resolve(dirname(file), path), anchor, target);
      else if (!existsSync(resolve(dirname(file), path))) problems.push(`${where}: ${target}: no such file`);
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--root');
  const root =
    at > 0 ? resolve(process.argv[at + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkCitations(root);
  if (problems.length === 0) {
    console.log('check-citations: every citation points into docs/ and resolves');
  } else {
    for (const p of problems) console.error(p);
    console.error(`check-citations: ${problems.length} problem(s); see the top of docs/reliability.md`);
    process.exit(1);
  }
}
