import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedAtStart } from './db/seed.ts';
import { installShutdown } from './http/shutdown.ts';

export { installShutdown } from './http/shutdown.ts';

/** Reads the environment, opens and migrates the database, seeds demo data, and listens. */
export async function startServer(): Promise<FastifyInstance> {
  const config = loadConfig();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = config.webDist ?? path.resolve(here, '../../web/dist');
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  await migrate(database);
  // Before listening: /api/health answers only once the demo data is there.
  const seeded = await seedAtStart(database, config);
  const app = await buildApp({ config: { ...config, webDist }, db: database.db });
  if (seeded.error) app.log.error({ err: seeded.error }, 'the demo members could not be made');
  else if (seeded.demoMembers > 0) app.log.info(seeded, 'demo members made');
  database.onConnectionError = (error) =>
    app.log.warn({ err: error }, 'database connection lost; the next query reconnects');
  installShutdown(app, () => database.close());
  await app.listen({ port: config.port, host: config.host });
  return app;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  startServer().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
