// `npm run job -- <name>`: runs one scheduled job once (`npm run job` lists them with their last run),
// against DATABASE_URL or the PGlite database in DATA_DIR.
import { runApiCli } from './lib/run-api-cli.mjs';

await runApiCli({ name: 'job', entry: 'src/cli/job.ts', run: 'runJobCli' });
