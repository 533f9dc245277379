import { existsSync } from 'node:fs';

/**
 * How every browser run here (end-to-end tests, benchmarks, screenshots) starts Chromium:
 * Debian's build (Playwright's own download does not work on these machines), run as root,
 * with nothing that reaches out to the network by itself.
 */
export const chromiumPath = process.env.PATIO_CHROMIUM ?? '/usr/bin/chromium';

/**
 * The end-to-end stories' browser: Debian's build of Chromium's headless shell (package
 * chromium-headless-shell, which .ci/run installs), what Playwright itself runs headless
 * tests in. It renders and runs pages as Chromium does, without the browser's own interface
 * (its window, tab strip and their renderers): the same four story files took 138 s on it
 * against 167 s on the full browser, two workers on two cores (bench/RESULTS.md). Without
 * the package, the full browser.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const storiesChromiumPath = process.env.PATIO_CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : chromiumPath);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
