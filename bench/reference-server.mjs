// The reference servers the store is compared with: the least work node:http can do for each kind
// of route. One process, one path per reference; only one is loaded at a time.
//   GET /json    {"status":"ok"} from node:http (what GET /api/health could cost at best)
//   GET /pg      20 rows from PostgreSQL through a pg Pool and a named prepared statement
//   GET /pglite  the same query on PGlite
//   GET /file    the built index.html, kept in memory
//   PUT /record/<name>  keeps an answer of the store (JSON: status, rawHeaders, body in base64);
//   GET /replay/<name>  sends it back byte for byte (status, headers, body) from memory
//   GET /pg/<name>      the /pg read, then the recorded answer (a member read at its least work)
//   GET /pglite/<name>  the same on PGlite
//   FASTIFY_PORT: a bare Fastify app (no hooks, no logger) answering GET /replay/<name> with the
//                       same recorded answer: the floor of the framework the store is built on
//   POST /cart/<name>   a pg transaction adding one tub to one of 50 carts (one INSERT ... ON
//                       CONFLICT for the line, the cart's version moved), then the recorded answer
// Environment: PORT, HOST, DATABASE_URL, PGLITE_DIR, INDEX_FILE.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

/** The 11 reference lists of the quiz, 20 options each: the size of the store's reference table. */
const LISTS = [
  'Countries',
  'ExerciseTypes',
  'ExerciseFrequencies',
  'FitnessGoals',
  'LifestylePerformanceGoals',
  'DietaryPreferences',
  'Restrictions',
  'Flavors',
  'ProteinMixes',
  'Textures',
  'ProteinBrands',
];
const ROWS_PER_LIST = 20;

const SCHEMA = `
  CREATE SCHEMA IF NOT EXISTS bench_ref;
  DROP TABLE IF EXISTS bench_ref.reference_options;
  CREATE TABLE bench_ref.reference_options (
    list text NOT NULL,
    id integer NOT NULL,
    position integer NOT NULL,
    display_name text NOT NULL,
    img text,
    PRIMARY KEY (list, id)
  );
  CREATE INDEX reference_options_list_position_idx ON bench_ref.reference_options (list, position);
`;
const INSERT =
  "INSERT INTO bench_ref.reference_options (list, id, position, display_name, img) SELECT l, g, g, l || ' option ' || g, '/images/' || lower(l) || '/' || g || '.svg' FROM unnest($1::text[]) AS l, generate_series(0, $2::int - 1) AS g";
const READ =
  'SELECT id, display_name, img FROM bench_ref.reference_options WHERE list = $1 ORDER BY position LIMIT 20';

function toJson(rows) {
  return JSON.stringify(rows.map((r) => ({ id: r.id, displayName: r.display_name, img: r.img })));
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(SCHEMA);
await pool.query(INSERT, [LISTS, ROWS_PER_LIST]);
await pool.query('ANALYZE bench_ref.reference_options');

const lite = new PGlite(process.env.PGLITE_DIR);
await lite.waitReady;
await lite.exec(SCHEMA);
await lite.query(INSERT, [LISTS, ROWS_PER_LIST]);

const CARTS = 50;
await pool.query(`
  DROP TABLE IF EXISTS bench_ref.cart_items;
  DROP TABLE IF EXISTS bench_ref.carts;
  CREATE TABLE bench_ref.carts (id integer PRIMARY KEY, version integer NOT NULL DEFAULT 0);
  CREATE TABLE bench_ref.cart_items (
    cart_id integer NOT NULL REFERENCES bench_ref.carts (id),
    product_id integer NOT NULL,
    quantity integer NOT NULL,
    PRIMARY KEY (cart_id, product_id)
  );
  INSERT INTO bench_ref.carts (id) SELECT generate_series(0, ${CARTS - 1});
`);
const ADD_LINE =
  'INSERT INTO bench_ref.cart_items (cart_id, product_id, quantity) VALUES ($1, 1, 1) ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = bench_ref.cart_items.quantity % 99 + 1';
const MOVE_VERSION = 'UPDATE bench_ref.carts SET version = version + 1 WHERE id = $1';
let nextCart = 0;

/** The same rows as one add to a cart, in one transaction on one pooled connection. */
async function addToCart() {
  const cartId = nextCart++ % CARTS;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query({ name: 'ref-add-line', text: ADD_LINE, values: [cartId] });
    await client.query({ name: 'ref-move-version', text: MOVE_VERSION, values: [cartId] });
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Answers recorded from the store, by name: [status, rawHeaders, body]. */
const recorded = new Map();
// Node writes these itself for every answer; the rest is replayed as the store sent it.
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function record(name, req, res) {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const answer = JSON.parse(Buffer.concat(chunks).toString());
    const headers = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      if (!HOP_HEADERS.has(answer.rawHeaders[i].toLowerCase()))
        headers.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
    }
    recorded.set(name, [answer.status, headers, Buffer.from(answer.body, 'base64')]);
    res.writeHead(204).end();
  });
}

function replay(res, answer) {
  if (!answer) return res.writeHead(404).end();
  res.writeHead(answer[0], answer[1]);
  res.end(answer[2]);
}

const html = readFileSync(process.env.INDEX_FILE);
const okBody = JSON.stringify({ status: 'ok' });

function sendJson(res, body) {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function fail(res, error) {
  console.error(error);
  res.writeHead(500).end();
}

const server = http.createServer((req, res) => {
  switch (req.url) {
    case '/json':
      return sendJson(res, okBody);
    case '/pg':
      return pool.query({ name: 'reference-list', text: READ, values: ['Flavors'] }).then(
        (r) => sendJson(res, toJson(r.rows)),
        (e) => fail(res, e),
      );
    case '/pglite':
      return lite.query(READ, ['Flavors']).then(
        (r) => sendJson(res, toJson(r.rows)),
        (e) => fail(res, e),
      );
    case '/file':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length });
      return res.end(html);
    default: {
      const slash = req.url.indexOf('/', 1);
      const kind = req.url.slice(1, slash);
      const name = req.url.slice(slash + 1);
      if (kind === 'record' && req.method === 'PUT') return record(name, req, res);
      const answer = recorded.get(name);
      if (kind === 'replay') return replay(res, answer);
      if (kind === 'pg')
        return pool.query({ name: 'reference-list', text: READ, values: ['Flavors'] }).then(
          () => replay(res, answer),
          (e) => fail(res, e),
        );
      if (kind === 'pglite')
        return lite.query(READ, ['Flavors']).then(
          () => replay(res, answer),
          (e) => fail(res, e),
        );
      if (kind === 'cart' && req.method === 'POST') {
        req.resume();
        return addToCart().then(
          () => replay(res, answer),
          (e) => fail(res, e),
        );
      }
      res.writeHead(404).end();
    }
  }
});

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

// The same recorded answers through a bare Fastify app: what the framework costs before any hook.
const fastify = Fastify({ logger: false });
fastify.get('/replay/:name', (request, reply) => {
  const answer = recorded.get(request.params.name);
  if (!answer) return reply.code(404).send();
  const [status, raw, body] = answer;
  const headers = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    headers[name] = name in headers ? [].concat(headers[name], raw[i + 1]) : raw[i + 1];
  }
  return reply.code(status).headers(headers).send(body);
});
if (process.env.FASTIFY_PORT)
  await fastify.listen({ port: Number(process.env.FASTIFY_PORT), host: process.env.HOST ?? '127.0.0.1' });

const shutdown = () => {
  fastify.close();
  server.close();
  server.closeAllConnections();
  Promise.allSettled([pool.end(), lite.close()]).then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
