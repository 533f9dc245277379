/**
 * The server the end-to-end tests run against: the real one, on a database made afresh
 * for each run (PATIO_DATA_DIR is wiped first, so every run starts from the demo seed).
 */
import { rmSync } from 'node:fs';

const dataDir = process.env.PATIO_DATA_DIR;
if (!dataDir || !dataDir.startsWith('.tmp/')) {
  throw new Error('e2eServer: PATIO_DATA_DIR must be a folder under .tmp/');
}
rmSync(dataDir, { recursive: true, force: true });
await import('../server/main');
