/**
 * `npm test`: every check, in the order a failure is cheapest to find. Each step runs even
 * when an earlier one failed (so one run shows every problem), except that the end-to-end
 * tests need a successful build. It closes with each stage's wall time, the total, and one
 * line `tests: N passed, N failed, N flaky` (flaky: a browser story that passed only on its
 * retry; CI retries a failed story once).
 *
 * The checks that run one process each (type checks, lint, catalogs, the build) run two at
 * a time, each one's output printed whole when it ends: on a 2-core machine that halves
 * their few minutes. The test runners, which use every core themselves, run alone.
 *
 * Server tests run on PGlite, and on PostgreSQL too when PATIO_TEST_DATABASE_URL is set
 * (.ci/run sets it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { summarize, type PlaywrightReport, type VitestReport } from './lib/testReports';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  needs?: string;
  /** Run beside other such steps (its output is held until it ends). */
  parallel?: boolean;
}

const bin = (name: string) => `node_modules/.bin/${name}`;
mkdirSync('.tmp', { recursive: true });
const vitestJson = '.tmp/vitest.json';
const playwrightJson = '.tmp/playwright.json';
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const steps: Step[] = [
  // The longest first: the other worker takes the rest meanwhile. Type checks and lint share
  // each project's TypeScript program (scripts/typesAndLint.ts).
  { name: 'types and lint: app', command: ['node', '--import', 'tsx', 'scripts/typesAndLint.ts', 'app'], parallel: true },
  { name: 'types and lint: server, workers', command: ['node', '--import', 'tsx', 'scripts/typesAndLint.ts', 'node'], parallel: true },
  { name: 'build', command: [bin('vite'), 'build', '--logLevel', 'warn'], parallel: true },
  { name: 'formatting', command: [bin('prettier'), '--check', '--log-level', 'warn', '.'], parallel: true },
  { name: 'translations', command: ['node', '--import', 'tsx', 'scripts/checkCatalogs.ts'], parallel: true },
  {
    name: 'unit and server tests',
    command: [bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  },
  {
    name: 'end-to-end tests',
    command: [bin('playwright'), 'test'],
    env: { PATIO_E2E_JSON: playwrightJson },
    needs: 'build',
  },
];

const failed = new Set<string>();
const started = Date.now();

function report(step: Step, ok: boolean, t0: number): void {
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (ok) {
    console.log(`✓ ${step.name} (${seconds} s)`);
  } else {
    console.log(`✗ ${step.name} failed (${seconds} s)`);
    failed.add(step.name);
  }
}

/** A step beside others: its output held and printed whole when it ends. */
function runHeld(step: Step): Promise<void> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), { env: { ...process.env, ...step.env, FORCE_COLOR: '1' } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const end = (ok: boolean) => {
      console.log(`\n■ ${step.name}: ${step.command.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      report(step, ok, t0);
      resolve();
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });
}

/** Runs `group` two at a time, in its order. */
async function runBeside(group: Step[]): Promise<void> {
  const queue = [...group];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await runHeld(step);
  };
  await Promise.all([lane(), lane()]);
}

/** Each stage's wall time: the group of checks run beside each other, then each test runner. */
const stages: { name: string; seconds: number }[] = [];

for (let i = 0; i < steps.length;) {
  const step = steps[i]!;
  const t0 = Date.now();
  if (step.parallel) {
    const group: Step[] = [];
    while (i < steps.length && steps[i]!.parallel) group.push(steps[i++]!);
    await runBeside(group);
    stages.push({ name: 'types, lint, formatting, catalogs and build', seconds: (Date.now() - t0) / 1000 });
    continue;
  }
  i++;
  if (step.needs && failed.has(step.needs)) {
    console.log(`\n■ ${step.name}: skipped, because ${step.needs} failed`);
    failed.add(step.name);
    continue;
  }
  console.log(`\n■ ${step.name}: ${step.command.join(' ')}`);
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  report(step, result.status === 0, t0);
  stages.push({ name: step.name, seconds: (Date.now() - t0) / 1000 });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const vitest = readJson<VitestReport>(vitestJson);
const playwright = readJson<PlaywrightReport>(playwrightJson);
const outcomes = summarize(vitest, playwright);
const { passed, flaky } = outcomes;
let failedTests = outcomes.failed;
// A step that failed outside any test (type errors, lint, a crash) counts as a failure too.
const stepFailures = [...failed].filter((name) => !(name === 'unit and server tests' && vitest) && !(name === 'end-to-end tests' && playwright));
failedTests += stepFailures.length;

if (outcomes.failedNames.length || outcomes.flakyNames.length) console.log('');
for (const name of outcomes.failedNames) console.log(`failed: ${name}`);
for (const name of outcomes.flakyNames) console.log(`flaky: ${name}`);

const minutes = (seconds: number) => `${(seconds / 60).toFixed(1)} min`.padStart(9);
const width = Math.max(...stages.map((stage) => stage.name.length), 'total'.length);
console.log('');
for (const stage of stages) console.log(`${stage.name.padEnd(width)}  ${minutes(stage.seconds)}`);
console.log(`${'total'.padEnd(width)}  ${minutes((Date.now() - started) / 1000)}${failed.size ? `; failed: ${[...failed].join(', ')}` : ''}`);
console.log(`tests: ${passed} passed, ${failedTests} failed, ${flaky} flaky`);
process.exit(failed.size > 0 ? 1 : 0);
