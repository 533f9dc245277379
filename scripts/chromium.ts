/**
 * How every browser run here (end-to-end tests, benchmarks, screenshots) starts Chromium:
 * Debian's build (Playwright's own download does not work on these machines), run as root,
 * with nothing that reaches out to the network by itself.
 */
export const chromiumPath = process.env.PATIO_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
