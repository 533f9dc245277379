import { describe, expect, test } from 'vitest';
import { summarize, type PlaywrightReport, type VitestReport } from '../../../scripts/lib/testReports';

// Shaped as vitest's and Playwright's JSON reporters write them.
const vitest: VitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  testResults: [
    {
      name: '/repo/tests/unit/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'group fails', status: 'failed', failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3'] },
        { fullName: 'group passes', status: 'passed', failureMessages: [] },
      ],
    },
    { name: '/repo/tests/unit/b.test.ts', status: 'failed', message: 'import broke', assertionResults: [] },
    { name: '/repo/tests/unit/c.test.ts', status: 'passed', message: '', assertionResults: [{ fullName: 'x', status: 'passed' }] },
  ],
};

const playwright: PlaywrightReport = {
  stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 0 },
  suites: [
    {
      specs: [{ title: 'steady', file: 'steady.spec.ts', line: 1, tests: [{ status: 'expected', results: [{}] }] }],
      suites: [
        {
          specs: [
            {
              title: 'retried',
              file: 'structure.spec.ts',
              line: 31,
              tests: [{ status: 'flaky', results: [{ error: { message: 'Error: the box sprang back\nmore' } }, {}] }],
            },
            {
              title: 'broken',
              file: 'sync.spec.ts',
              line: 9,
              tests: [{ status: 'unexpected', results: [{ error: { message: 'first' } }, { error: { message: 'Timeout 30000ms' } }] }],
            },
          ],
        },
      ],
    },
  ],
};

describe('the closing summary of npm test', () => {
  test('counts a test that passed only on its retry as flaky, apart from passed, and a file that failed outside its tests as a failure', () => {
    const outcomes = summarize(vitest, playwright, '/repo');
    expect(outcomes).toMatchObject({ passed: 8, failed: 3, flaky: 1 });
  });

  test('names each failed and flaky test with its error’s first line, without colours', () => {
    const outcomes = summarize(vitest, playwright, '/repo');
    expect(outcomes.failedNames).toEqual([
      'tests/unit/a.test.ts › group fails: AssertionError: expected 1 to be 2',
      'tests/unit/b.test.ts: import broke',
      'sync.spec.ts:9 › broken: Timeout 30000ms',
    ]);
    expect(outcomes.flakyNames).toEqual(['structure.spec.ts:31 › retried: Error: the box sprang back']);
  });

  test('a runner that wrote no report adds nothing', () => {
    expect(summarize(null, null)).toEqual({ passed: 0, failed: 0, flaky: 0, failedNames: [], flakyNames: [] });
  });
});
