/**
 * `npm test`: every check, in the order a failure is cheapest to find. Each step runs even
 * when an earlier one failed (so one run shows every problem), except that the end-to-end
 * tests need a successful build. It closes with one line `tests: N passed, N failed`.
 *
 * Server tests run on PGlite, and on PostgreSQL too when PATIO_TEST_DATABASE_URL is set
 * (.ci/run sets it).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  needs?: string;
}

const bin = (name: string) => `node_modules/.bin/${name}`;
mkdirSync('.tmp', { recursive: true });
const vitestJson = '.tmp/vitest.json';
const playwrightJson = '.tmp/playwright.json';
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const steps: Step[] = [
  { name: 'typecheck app', command: [bin('tsc'), '-p', 'tsconfig.json'] },
  { name: 'typecheck workers', command: [bin('tsc'), '-p', 'workers/tsconfig.json'] },
  { name: 'typecheck server', command: [bin('tsc'), '-p', 'server/tsconfig.json'] },
  { name: 'typecheck server tests', command: [bin('tsc'), '-p', 'tests/server/tsconfig.json'] },
  { name: 'lint', command: [bin('eslint'), '.'] },
  { name: 'translations', command: ['node', '--import', 'tsx', 'scripts/checkCatalogs.ts'] },
  {
    name: 'unit and server tests',
    command: [bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  },
  { name: 'build', command: [bin('vite'), 'build', '--logLevel', 'warn'] },
  {
    name: 'end-to-end tests',
    command: [bin('playwright'), 'test'],
    env: { PATIO_E2E_JSON: playwrightJson },
    needs: 'build',
  },
];

const failed = new Set<string>();
const started = Date.now();
for (const step of steps) {
  if (step.needs && failed.has(step.needs)) {
    console.log(`\n■ ${step.name}: skipped, because ${step.needs} failed`);
    failed.add(step.name);
    continue;
  }
  console.log(`\n■ ${step.name}: ${step.command.join(' ')}`);
  const t0 = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status === 0) {
    console.log(`✓ ${step.name} (${seconds} s)`);
  } else {
    console.log(`✗ ${step.name} failed (${seconds} s)`);
    failed.add(step.name);
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

let passed = 0;
let failedTests = 0;
const vitest = readJson<VitestReport>(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failedTests += vitest.numFailedTests;
}
const playwright = readJson<PlaywrightReport>(playwrightJson);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failedTests += playwright.stats.unexpected;
}
// A step that failed outside any test (type errors, lint, a crash) counts as a failure too.
const stepFailures = [...failed].filter(
  (name) => !(name === 'unit and server tests' && vitest) && !(name === 'end-to-end tests' && playwright),
);
failedTests += stepFailures.length;

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nnpm test took ${minutes} min${failed.size ? `; failed: ${[...failed].join(', ')}` : ''}`);
console.log(`tests: ${passed} passed, ${failedTests} failed`);
process.exit(failed.size > 0 ? 1 : 0);
