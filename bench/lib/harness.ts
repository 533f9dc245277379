/**
 * What every browser benchmark shares: figures (min/median/max), a cleanup stack that stops
 * everything a script started (by pid, also on failure, Ctrl-C or the time limit), the
 * real Patio server as a child process on a loopback port, Debian's Chromium, and the
 * build of the app when dist/ is missing. Benchmarks print figures; they never fail on a
 * goal (they exit non-zero only when they could not measure).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

import { chromiumArgs, chromiumPath } from '../../scripts/chromium';

export { chromiumArgs, chromiumPath };

export interface Figures {
  min: number;
  median: number;
  max: number;
}

export function figures(values: readonly number[]): Figures {
  if (values.length === 0) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { min: sorted[0]!, median, max: sorted.at(-1)! };
}

/** The median of the runs that gave a figure (a run that never got there gives null); null when none did. */
export function medianOf(values: readonly (number | null)[]): number | null {
  const seen = values.filter((v): v is number => v !== null);
  return seen.length === 0 ? null : figures(seen).median;
}

/** This checkout's median over the reference's, as the benches print it side by side ("0.32×", or "—"). */
export function ratioOfMedians(mine: readonly (number | null)[], theirs: readonly (number | null)[]): string {
  const [a, b] = [medianOf(mine), medianOf(theirs)];
  return a === null || b === null ? '—' : `${(a / b).toFixed(2)}×`;
}

/** The nearest-rank percentile `p` (0–100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function ms(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

export function showFigures(label: string, values: readonly number[], format: (v: number) => string = ms): string {
  const f = figures(values);
  return `${label}: min ${format(f.min)} · median ${format(f.median)} · max ${format(f.max)}  (n=${values.length})`;
}

/** Epoch milliseconds with sub-millisecond resolution (comparable with a page's `performance.timeOrigin + performance.now()`). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

export const sleep = (millis: number) => new Promise<void>((resolve) => setTimeout(resolve, millis));

type Step = () => Promise<void> | void;

/** Undo steps, run last-in first-out, each once, each bounded. */
export class Cleanup {
  private steps: { name: string; step: Step }[] = [];
  private running: Promise<void> | null = null;

  add(name: string, step: Step): void {
    this.steps.push({ name, step });
  }

  runAll(): Promise<void> {
    this.running ??= (async () => {
      while (this.steps.length > 0) {
        const { name, step } = this.steps.pop()!;
        try {
          await Promise.race([
            Promise.resolve(step()),
            sleep(15_000).then(() => {
              throw new Error('timed out');
            }),
          ]);
        } catch (error) {
          console.error(`cleanup "${name}" failed:`, error);
        }
      }
    })();
    return this.running;
  }
}

/**
 * Runs a benchmark with its cleanup: on success, failure, SIGINT/SIGTERM or after
 * `limitMs`, everything registered is stopped and the process exits.
 */
export function runBench(name: string, limitMs: number, body: (cleanup: Cleanup) => Promise<void>): void {
  const cleanup = new Cleanup();
  const finish = async (code: number) => {
    await cleanup.runAll();
    process.exit(code);
  };
  const watchdog = setTimeout(() => {
    console.error(`${name}: over its time limit (${limitMs / 1000} s): stopping`);
    void finish(2);
  }, limitMs);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void finish(130));
  body(cleanup).then(
    () => finish(0),
    (error: unknown) => {
      console.error(`${name} failed:`, error);
      return finish(1);
    },
  );
}

/** Builds the app (vite build) when dist/ has no index.html. */
export function ensureBuilt(): void {
  if (existsSync('dist/index.html')) return;
  console.log('dist/ is missing: building the app (vite build)…');
  const build = spawnSync('node_modules/.bin/vite', ['build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** A fresh data folder under .tmp/ (wiped first), removed again at cleanup. */
export function freshDataDir(cleanup: Cleanup, name: string): string {
  if (!/^bench-[a-z0-9-]+$/.test(name)) throw new Error(`bad data folder name ${name}`);
  const dir = `.tmp/${name}`;
  rmSync(dir, { recursive: true, force: true });
  if (!process.env.PATIO_BENCH_KEEP) cleanup.add(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function waitForHttp(url: string, child: ChildProcess | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; attempt < 600 && Date.now() < deadline; attempt++) {
    if (child && child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before answering ${url}`);
    try {
      const reply = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (reply.ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess, label: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise<void>((resolve) => {
    const kill = setTimeout(() => {
      console.error(`${label} (pid ${pid}) did not stop on SIGTERM: SIGKILL`);
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}

/** Starts a child process (node script) and registers its stop (by pid). */
export function startChild(
  cleanup: Cleanup,
  label: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  cleanup.add(`stop ${label}`, () => stopChild(child, label));
  return { child, output: () => output };
}

/**
 * The real Patio server (server/main.ts) on 127.0.0.1:`port` with the embedded database in
 * `dataDir`; resolves once `/api/health` answers. `checkout` runs another checkout's server
 * and build (a reference measured side by side); `dataDir` is then relative to it. `env`
 * adds to the server's environment (e.g. `DATABASE_URL`, which replaces the embedded
 * database; `dataDir` then holds only uploads).
 */
export async function startPatioServer(
  cleanup: Cleanup,
  port: number,
  dataDir: string,
  checkout?: string,
  options: { env?: Record<string, string> } = {},
): Promise<{ origin: string; output: () => string; pid: number }> {
  if ((port < 8480 || port > 8499) && port !== 8618 && port !== 8619) throw new Error('benchmarks serve the app on ports 8480–8499, 8618 and 8619');
  const server = startChild(
    cleanup,
    checkout ? `reference server (${checkout})` : `patio server :${port}`,
    ['--import', 'tsx', 'server/main.ts'],
    { PORT: String(port), HOST: '127.0.0.1', PATIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env },
    checkout,
  );
  if (server.child.pid === undefined) throw new Error('the server did not start');
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, server.child, 120_000);
  } catch (error) {
    console.error(server.output());
    throw error;
  }
  // `localhost` selects the default demo college (colinas) and resolves to loopback.
  return { origin: `http://localhost:${port}`, output: server.output, pid: server.child.pid };
}

export async function launchChromium(cleanup: Cleanup): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  cleanup.add('close chromium', () => browser.close());
  return browser;
}

export function chromiumVersion(browser: Browser): string {
  return browser.version();
}
