#!/usr/bin/env node
// Rewrites citations of the old outside documents (the design notes "DESIGN §N", the test
// catalogue "RELIABILITY E7 / §4.3", the two specification files "spec 000 §7", "spec 001 §2.14")
// into citations of this repository's docs/: `docs/<file>.md#<anchor>` (the format is at the top
// of docs/reliability.md). In a test's name a guarantee becomes its bare id (`E7: …`).
//
// Re-runnable: it only touches text that still cites the old documents, so running it again after
// new code lands converts just the new citations. Then `npm run lint` (check-citations) checks them.
//
//   node scripts/cite-docs.mjs            rewrite in place, list the files changed
//   node scripts/cite-docs.mjs --check    change nothing; exit 1 if anything would change
//   node scripts/cite-docs.mjs --diff     change nothing; print each rewrite (old -> new)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the codemod works: the code folders plus the human-facing guides and decision records. */
export const SCOPE = ['apps', 'packages', 'e2e', 'bench', 'docs/decisions', 'README.md', 'ARCHITECTURE.md'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.git']);
const FILES = /\.(ts|tsx|mts|js|mjs|cjs|sql|css|html|md)$/;

const P = 'docs/product.md';
const A = 'docs/api-conventions.md';
const R = 'docs/reliability.md';
const PAY = 'docs/payments.md';

/** Keyword rules: the first rule whose pattern appears in the citation's sentence picks the anchor. */
const DECISION_KEYWORDS = [
  [/order numbers?/i, `${P}#order-numbers`],
  [/pre-?order|\bflex\b|\bmax plan/i, `${P}#pre-order`],
  [/round.?trip|\becho|\bstale\b|\bversion\b/i, `${P}#round-trips`],
  [/referr/i, `${P}#referrals`],
  [/past due|failed renewal|\bretr(y|ied|ies)\b|dunning|declin/i, `${P}#failed-renewals`],
  [
    /\bcycle|\bstage|build (your box|deadline)|assembly|ship|deliver|pick tub|taste/i,
    `${P}#membership-cycle`,
  ],
  [/\breview|\brating|\bstars?\b/i, `${P}#reviews`],
  [/choos|chosen|samples? (a member|the member)/i, `${P}#choosing-samples`],
  [/unlock|\blocked\b|had in a (paid )?box|can be bought/i, `${P}#unlocking`],
  [/\bcancel/i, `${P}#cancel`],
  [/\bmatch|\bscore|\breason\b|\bpicks\b/i, `${P}#matching`],
  [/returning|already signed in|signed-in (person|visitor)/i, `${P}#returning-visitors`],
  [/verif|sign-?up|\bregist/i, `${P}#sign-up`],
  [/password/i, `${P}#passwords`],
  [/\bage\b|\b13\b|under 13/i, `${P}#age`],
  [/\btax/i, `${P}#tax`],
  [/permission|\badmin\b|operator|back office/i, `${P}#permissions`],
  [/handling fee|\bprice|\$14|\$12\.99|configured/i, `${P}#price`],
  [/typo|misspell|spelling|\bwords\b|\bclaims?\b|flavor/i, `${P}#words-on-screen`],
];
const CONVENTION_KEYWORDS = [
  [/xsrf|csrf/i, `${A}#xsrf`],
  [/vegan|lactose|fixed ids?/i, `${A}#fixed-ids`],
  [/health|openapi/i, `${A}#health-and-openapi`],
  [/credential|password|query string|in the body|body only|\bbody\b/i, `${A}#credentials`],
  [/local storage|localstorage|refresh|access token|\btokens?\b/i, `${A}#tokens`],
  [/\b(400|401|403|404|409|429|500)\b|error|conflict|not yours/i, `${A}#errors`],
  [/credit|amount|total|money|price/i, `${A}#amounts-come-from-the-server`],
  [/case|camel|spell|field names?|\bpaths?\b/i, `${A}#paths-and-field-names`],
  [
    /quiz|option|profileinfo|registration|schedule|deliveryduration|\b30\b|authinfo|wire|shape|\bids?\b/i,
    `${A}#wire-shapes`,
  ],
];
const BUILD_KEYWORDS = [
  [/idempoten|\bkeys?\b/i, `${PAY}#idempotency-keys`],
  [/time-driven|sweep|clock|renewal/i, `${A}#time-driven-work`],
  [/scale|load balancer|stateless/i, `${A}#scale-out`],
  [/\btax|\bmail|interface|provider|port/i, `${A}#ports`],
  [/money|cents|utc/i, `${A}#paths-and-field-names`],
];
const RUN_KEYWORDS = [
  [/sandbox|test card|offline|stripe/i, `${P}#demo-data-and-sandbox`],
  [/mailbox/i, `${P}#demo-data-and-sandbox`],
  [/u\.s\.|only in the us/i, `${P}#who-uses-it`],
];
const SCREEN_KEYWORDS = [
  [/cart|coupon|shop|tub/i, `${P}#shop-and-cart`],
  [/quiz|step|result|checkout|plan/i, `${P}#quiz-and-first-box`],
  [
    /home|footer|login|log in|register|verif|carousel|faq|contact|slogan|privacy|unsubscrib|ambassador|influencer/i,
    `${P}#public-pages`,
  ],
  [/membership|profile|billing|frequency|cancel|box|review/i, `${P}#member-area`],
];

function pick(rules, context, fallback, byPath = false) {
  if (byPath) for (const [pattern, target] of rules) if (pattern.test(context.path ?? '')) return target;
  for (const [pattern, target] of rules) if (pattern.test(context.after)) return target;
  for (const [pattern, target] of rules) if (pattern.test(context.before)) return target;
  return fallback;
}

/** The docs anchor for one old reference. `doc` is design, reliability, spec000 or spec001. */
export function targetOf(doc, ref, context) {
  const { section, id, quote } = ref;
  if (doc === 'reliability') {
    if (id) return `${R}#${id.toLowerCase()}`;
    if (quote && /exactly one charge/i.test(quote)) return `${R}#exactly-one-charge`;
    if (section) {
      if (section === '4.1' || section.startsWith('4.1.')) {
        return /table/i.test(quote ?? '') ? `${PAY}#tables` : `${PAY}#provider-port`;
      }
      if (section === '4.2.1') return `${PAY}#sign-up-payment`;
      if (section === '4.2.2') return `${PAY}#renewals`;
      if (section === '4.2.3') return `${PAY}#cart-checkout-payment`;
      if (section === '4.2.4') return `${PAY}#webhook-intake`;
      if (section.startsWith('4.2')) return `${PAY}#flows`;
      if (section === '4.3' || section.startsWith('4.3.')) return `${PAY}#sandbox`;
      if (section.startsWith('4')) return `${PAY}#provider-port`;
    }
    return `${R}#risks-and-what-was-built-instead`;
  }
  const major = section ? Number(section.split('.')[0]) : undefined;
  if (doc === 'design') {
    if (major === 1) return `${P}#who-uses-it`;
    if (major === 2) return pick(RUN_KEYWORDS, context, `${P}#demo-data-and-sandbox`);
    if (major === 3) return pick(BUILD_KEYWORDS, context, `${A}#how-the-server-is-built`);
    if (major === 4) return pick(CONVENTION_KEYWORDS, context, `${A}#paths-and-field-names`);
    return pick(DECISION_KEYWORDS, context, `${P}#decisions`);
  }
  // The two specification files share a section layout.
  switch (major) {
    case 1:
      return `${P}#who-uses-it`;
    case 2: {
      if (doc === 'spec001' && section !== '2') {
        const minor = Number(section.split('.')[1]);
        if (minor === 1) return `${P}#screens`;
        if (minor === 4 || minor === 5 || minor === 15) return `${P}#shop-and-cart`;
        if (minor >= 16 && minor <= 18) return `${P}#public-pages`;
        return `${P}#member-area`;
      }
      return pick(SCREEN_KEYWORDS, context, `${P}#screens`, true);
    }
    case 3:
      return `${A}#wire-shapes`;
    case 4:
      if (doc === 'spec001' && (section === '4.1' || section.startsWith('4.1.')))
        return `${P}#membership-cycle`;
      return `${P}#states-and-flows`;
    case 5:
      return `${P}#rules`;
    case 6:
      return `${P}#who-may-do-what`;
    case 7:
      return `${P}#calls`;
    case 8:
      return `${P}#messages-on-screen`;
    case 9:
      return `${P}#constants`;
    default:
      return `${P}#screens`;
  }
}

// --- Scanning a run of citations: "spec 000 §2, §4 cart; 001 §4.6; DESIGN §5" -----------------

const DOC_AT = /^(?:DESIGN(?:\.md)?|RELIABILITY(?:\.md)?|[Ss]pec[ -]?00[01]|00[01](?=\s?§))/;
const SECTION_AT = /^§\s?(\d+(?:\.\d+)*)(?:\s?[-–]\s?(\d+(?:\.\d+)*))?/;
const ID_AT = /^([A-GR]\d{1,2})(?![\w])(?:\s?[-–]\s?([A-GR]?)(\d{1,2})(?![\w]))?/;
const QUOTE_AT = /^\s?(?:"([^"\n]{1,40})"|“([^”\n]{1,40})”)/;
const SEPARATOR_AT = /^(?:\s?(?:[A-Za-z][\w-]*\s?){0,2})?(?:,\s?|;\s?|\s?\/\s?|\s(?:plus|and|or)\s)/;
const OLD_CITATION = /\bDESIGN\b|\bRELIABILITY\b|\b[Ss]pec[ -]?00[01]\b/g;

function docOf(word, current) {
  if (/^DESIGN/.test(word)) return 'design';
  if (/^RELIABILITY/.test(word)) return 'reliability';
  if (/001$/.test(word)) return 'spec001';
  if (/000$/.test(word)) return 'spec000';
  return current;
}

function expandSection(from, to) {
  if (!to) return [from];
  const [a, b] = [from.split('.').map(Number), to.split('.').map(Number)];
  // "§4-5" or "§2.8-2.10": every section between, at the depth written.
  if (a.length === 1 && b.length === 1) return range(a[0], b[0]).map(String);
  if (a.length === 2 && b.length === 2 && a[0] === b[0]) return range(a[1], b[1]).map((n) => `${a[0]}.${n}`);
  if (a.length === 2 && b.length === 1) return range(a[1], b[0]).map((n) => `${a[0]}.${n}`);
  return [from, to];
}

function range(a, b) {
  const out = [];
  for (let n = a; n <= b && out.length < 20; n++) out.push(n);
  return out;
}

/** Parses one run starting at `start` (on a document word); answers its end and references. */
export function parseRun(text, start) {
  let pos = start;
  let doc;
  const refs = [];
  const readDoc = () => {
    const m = DOC_AT.exec(text.slice(pos));
    if (!m) return false;
    doc = docOf(m[0], doc);
    pos += m[0].length;
    return true;
  };
  const readRef = (required) => {
    const rest = text.slice(pos);
    const lead = rest.startsWith(' ') ? 1 : 0;
    const body = rest.slice(lead);
    const sec = SECTION_AT.exec(body);
    if (sec) {
      let end = lead + sec[0].length;
      const q = QUOTE_AT.exec(rest.slice(end));
      const quote = q ? (q[1] ?? q[2]) : undefined;
      if (q) end += q[0].length;
      for (const section of expandSection(sec[1], sec[2])) refs.push({ doc, section, quote, at: pos + end });
      pos += end;
      return true;
    }
    const id = doc === 'reliability' ? ID_AT.exec(body) : null;
    if (id) {
      const letter = id[1][0];
      const first = Number(id[1].slice(1));
      const last = id[3] ? Number(id[3]) : first;
      const lastLetter = id[2] || letter;
      if (id[3] && lastLetter !== letter) {
        refs.push({ doc, id: id[1], at: pos }, { doc, id: `${lastLetter}${last}`, at: pos });
      } else {
        for (const n of range(first, last)) refs.push({ doc, id: `${letter}${n}`, at: pos });
      }
      pos += lead + id[0].length;
      return true;
    }
    if (!required) {
      const q = QUOTE_AT.exec(rest);
      if (q) {
        refs.push({ doc, quote: q[1] ?? q[2], at: pos });
        pos += q[0].length;
        return true;
      }
    }
    return false;
  };

  readDoc();
  if (!readRef(false)) {
    refs.push({ doc, at: pos });
    return { end: pos, refs };
  }
  for (;;) {
    const save = pos;
    const sep = SEPARATOR_AT.exec(text.slice(pos));
    if (!sep) break;
    pos += sep[0].length;
    const switched = readDoc();
    if (switched && text[pos] === ' ') pos += 0;
    if (!readRef(true)) {
      pos = save;
      break;
    }
  }
  return { end: pos, refs };
}

/** The test-name strings of a file, as [start, end) spans. */
function testNameSpans(text) {
  const spans = [];
  const re =
    /\b(?:it|test|describe|bench)(?:\.(?:only|skip|todo|concurrent|sequential|fails|each\([^)]*\)))*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const m of text.matchAll(re)) {
    const start = m.index + m[0].length - m[2].length - 1;
    spans.push([start, start + m[2].length]);
  }
  return spans;
}

/** Phrases that read badly with a path in them, rewritten first. */
const PHRASES = [
  [/\bthe RELIABILITY default\b/g, 'the usual default'],
  [/\b(?:and )?says DESIGN wins where they differ\b/g, 'and the product decision wins'],
  [/\bRELIABILITY wants\b/g, 'The guarantees of docs/reliability.md#exactly-one-charge want'],
];

/** Rewrites one file's text; answers the new text and the list of rewrites. */
export function rewrite(text, path = '') {
  let out = text;
  const changes = [];
  for (const [re, to] of PHRASES) {
    out = out.replace(re, (m) => {
      changes.push([m, to]);
      return to;
    });
  }
  const spans = testNameSpans(out);
  let result = '';
  let last = 0;
  OLD_CITATION.lastIndex = 0;
  for (let m = OLD_CITATION.exec(out); m; m = OLD_CITATION.exec(out)) {
    if (m.index < last) continue;
    const { end, refs } = parseRun(out, m.index);
    const lineStart = out.lastIndexOf('\n', m.index) + 1;
    const lineEnd = out.indexOf('\n', end) === -1 ? out.length : out.indexOf('\n', end);
    const context = {
      path,
      before: out.slice(lineStart, m.index),
      after: out.slice(end, Math.min(lineEnd, end + 100)),
    };
    const inTestName = spans.some(([a, b]) => m.index >= a && m.index < b);
    let replacement;
    if (inTestName && refs.every((r) => r.doc === 'reliability' && r.id)) {
      replacement = [...new Set(refs.map((r) => r.id))].join(', ');
    } else {
      const targets = refs.map((r, i) => {
        // A keyword written right after one reference of a list ("§4 cart; 001 §4.6") refines it.
        const next = refs[i + 1]?.at ?? end;
        const local = { ...context, after: `${out.slice(r.at, next)} ${context.after}` };
        return targetOf(r.doc, r, refs.length > 1 ? local : context);
      });
      replacement = [...new Set(targets)].join(', ');
    }
    // "DESIGN §5 cycle)": a trailing word the anchor already says ("#membership-cycle") goes.
    let stop = end;
    const trailing = /^ ([a-z][\w-]*(?: [a-z][\w-]*)?)(?=[),;:.])/.exec(out.slice(end));
    const anchor = replacement.split('#').pop() ?? '';
    if (trailing?.[1].split(' ').every((w) => anchor.includes(w.replace(/s$/, ''))))
      stop += trailing[0].length;
    changes.push([out.slice(m.index, stop), replacement]);
    result += out.slice(last, m.index) + replacement;
    last = stop;
    OLD_CITATION.lastIndex = stop;
  }
  result += out.slice(last);
  return { text: result, changes };
}

function listFiles(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return FILES.test(path) ? [path] : [];
  const out = [];
  for (const name of readdirSync(path)) {
    // bench/results holds measurements, not code; apps/web/src/features/results is code.
    if (SKIP_DIRS.has(name) || (name === 'results' && /(^|[\\/])bench$/.test(path))) continue;
    out.push(...listFiles(join(path, name)));
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--root');
  const root = at >= 0 ? resolve(args[at + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const check = args.includes('--check');
  const diff = args.includes('--diff');
  let files = 0;
  let citations = 0;
  const written = [];
  for (const file of SCOPE.flatMap((p) => listFiles(join(root, p)))) {
    const before = readFileSync(file, 'utf8');
    const { text, changes } = rewrite(
      before,
      relative(root, file).replace(/^apps\/web\/src\/features\//, ''),
    );
    if (changes.length === 0) continue;
    files++;
    citations += changes.length;
    const rel = relative(root, file);
    if (diff) for (const [from, to] of changes) console.log(`${rel}: ${from}  ->  ${to}`);
    else console.log(`${rel}: ${changes.length}`);
    if (!check && !diff) {
      writeFileSync(file, text);
      written.push(file);
    }
  }
  // A longer citation can push a test name or a string past the line width: let Biome re-wrap them.
  const biome = join(root, 'node_modules/.bin/biome');
  const code = written.filter((f) => /\.(ts|tsx|mts|js|mjs|cjs|css)$/.test(f));
  if (code.length > 0 && existsSync(biome)) {
    execFileSync(biome, ['format', '--write', ...code], { cwd: root, stdio: 'ignore' });
  }
  const verb = check || diff ? 'would rewrite' : 'rewrote';
  console.log(`cite-docs: ${verb} ${citations} citation(s) in ${files} file(s)`);
  if (check && citations > 0) process.exit(1);
}
