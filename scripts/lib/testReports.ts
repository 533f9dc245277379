/**
 * What `npm test` (scripts/test.ts) says of the test runners' JSON reports: how many tests
 * passed, failed, and passed only on a retry (flaky, counted apart from passed), and each
 * failed or flaky test by name with its error's first line.
 */
import { stripVTControlCharacters } from 'node:util';

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}
interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { projectName?: string; status: string; results?: { error?: { message?: string } }[] }[] }[];
}
export interface PlaywrightReport extends PlaywrightSuite {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/** The first line of an error, without colours: enough to tell a failure from another in CI's tail. */
function firstLine(message: string | undefined): string {
  const line =
    stripVTControlCharacters(message ?? '')
      .trim()
      .split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** Each failed and each flaky test, named, for the closing summary (a CI log is often read from its end). */
function namedOutcomes(vitest: VitestReport | null, playwright: PlaywrightReport | null, cwd: string): { failed: string[]; flaky: string[] } {
  const failedNames: string[] = [];
  const flakyNames: string[] = [];
  const relative = (file: string) => file.replace(`${cwd}/`, '');
  for (const file of vitest?.testResults ?? []) {
    const failedHere = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedHere) failedNames.push(`${relative(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && failedHere.length === 0) failedNames.push(`${relative(file.name)}: ${firstLine(file.message)}`);
  }
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const where = `${spec.file}:${spec.line} › ${spec.title}`;
        if (test.status === 'unexpected') failedNames.push(`${where}: ${firstLine(test.results?.at(-1)?.error?.message)}`);
        if (test.status === 'flaky') flakyNames.push(`${where}: ${firstLine(test.results?.[0]?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  if (playwright) walk(playwright);
  return { failed: failedNames, flaky: flakyNames };
}

export interface Outcomes {
  passed: number;
  failed: number;
  flaky: number;
  failedNames: string[];
  flakyNames: string[];
}

export function summarize(vitest: VitestReport | null, playwright: PlaywrightReport | null, cwd = process.cwd()): Outcomes {
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    // A file that failed before or around its tests (an import, a hook) counts as one failure:
    // vitest counts none for it.
    failed += (vitest.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
    ).length;
  }
  if (playwright) {
    passed += playwright.stats.expected;
    failed += playwright.stats.unexpected;
    flaky += playwright.stats.flaky;
  }
  const named = namedOutcomes(vitest, playwright, cwd);
  return { passed, failed, flaky, failedNames: named.failed, flakyNames: named.flaky };
}
