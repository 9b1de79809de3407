// The reference servers the store is compared with: the least work node:http can do for each kind
// of route. One process, one path per reference; only one is loaded at a time.
//   GET /json    {"status":"ok"} from node:http (what GET /api/health could cost at best)
//   GET /pg      20 rows from PostgreSQL through a pg Pool and a named prepared statement
//   GET /pglite  the same query on PGlite
//   GET /file    the built index.html, kept in memory
// Environment: PORT, HOST, DATABASE_URL, PGLITE_DIR, INDEX_FILE.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
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
    default:
      res.writeHead(404).end();
  }
});

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  Promise.allSettled([pool.end(), lite.close()]).then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
