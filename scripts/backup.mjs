// `npm run backup -- <file>`: a backup of the store's database (PostgreSQL at DATABASE_URL, or the
// embedded database in DATA_DIR) written to <file> (docs/reliability.md#i3).
import { main } from './lib/backup.mjs';

await main('backup');
