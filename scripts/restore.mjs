// `npm run restore -- <file>`: restores a backup made by `npm run backup` into an empty database
// (a new PostgreSQL database at DATABASE_URL, or a DATA_DIR without one) (docs/reliability.md#i3).
import { main } from './lib/backup.mjs';

await main('restore');
