// `npm run sweep -- --at 2027-01-15T00:00:00Z`: one sweep of the membership cycle engine for the
// given moment (now without --at), against DATABASE_URL or the PGlite database in DATA_DIR.
import { runApiCli } from './lib/run-api-cli.mjs';

await runApiCli({ name: 'sweep', entry: 'src/cli/sweep.ts', run: 'runSweepCli' });
