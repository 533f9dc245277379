import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The real server (`server/main.ts`) for scripts/screenshots.ts: on 127.0.0.1:`port`, with a
 * fresh embedded database in `dataDir` (relative to `root`), stopped by its pid.
 */
export function startServer(root: string, port: number, dataDir: string): ChildProcess {
  rmSync(join(root, dataDir), { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PATIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`server exited with ${code}`);
  });
  return child;
}

/** SIGTERM, then SIGKILL after 12 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid, 'SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 12_000).unref());
  if ((await Promise.race([exited, timer])) === 'timeout' && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
}

/** Until `GET /api/health` answers, at most 120 s. */
export async function waitForServer(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer within 120 s');
}
