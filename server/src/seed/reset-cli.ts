/**
 * `pnpm demo:reset`: brings the demo database of DATA_DIR back to its freshly seeded state, also while
 * the server runs (it takes effect without a restart; signed-in users must sign in again).
 */
import { openDatabase } from '@psi/db/client';
import { configFromEnv } from '../config';
import { canResetDemo, restoreDemo } from './demo-reset';

const config = configFromEnv();
if (!canResetDemo(config.dataDir)) {
  console.error(`${config.dataDir} holds no demo snapshot: the data was not seeded with SEED=demo.`);
  process.exit(1);
}
const handle = openDatabase(config.dbFile);
try {
  const ms = restoreDemo(handle.sqlite, config.dataDir);
  console.log(`Demo data reset in ${(ms / 1000).toFixed(2)} s (${config.dbFile}).`);
} finally {
  handle.close();
}
