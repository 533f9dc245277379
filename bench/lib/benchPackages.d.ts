/**
 * What bench/lighthouse.ts uses of Lighthouse and puppeteer-core. Those packages belong to
 * the benchmarks alone (bench/package.json, installed by `npm run bench:install`, not by the
 * app's `npm ci`), so the app's type check and lint must pass without them: these
 * declarations stand in for their own types, and describe only what the benchmark calls.
 */
/* eslint-disable no-restricted-syntax -- the packages' own default exports */

declare module 'lighthouse' {
  import type { Page } from 'puppeteer-core';

  export interface Flags {
    logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'verbose';
    output?: 'json' | 'html' | 'csv';
    formFactor?: 'mobile' | 'desktop';
    disableStorageReset?: boolean;
    throttling?: Record<string, number>;
  }

  interface AuditResult {
    score: number | null;
    numericValue?: number;
  }

  export interface RunnerResult {
    lhr: {
      runtimeError?: { code: string; message: string };
      categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
      audits: Record<string, AuditResult | undefined>;
      environment: { benchmarkIndex: number };
    };
    artifacts: unknown;
  }

  export default function lighthouse(url: string, flags?: Flags, config?: unknown, page?: Page): Promise<RunnerResult | undefined>;
}

declare module 'lighthouse/core/config/constants.js' {
  export const throttling: { mobileSlow4G: Record<string, number> };
}

declare module 'lighthouse/package.json' {
  const manifest: { version: string };
  export default manifest;
}

declare module 'puppeteer-core' {
  export interface ElementHandle {
    type(text: string): Promise<void>;
  }

  export interface Page {
    goto(url: string, options?: { waitUntil?: 'load' | 'domcontentloaded' }): Promise<unknown>;
    reload(options?: { waitUntil?: 'load' | 'domcontentloaded' }): Promise<unknown>;
    waitForSelector(selector: string, options?: { timeout?: number }): Promise<unknown>;
    waitForFunction(test: () => boolean, options?: { timeout?: number }): Promise<unknown>;
    $(selector: string): Promise<ElementHandle | null>;
    type(selector: string, text: string): Promise<void>;
    click(selector: string): Promise<void>;
  }

  export interface BrowserContext {
    newPage(): Promise<Page>;
    close(): Promise<void>;
  }

  export interface Browser {
    createBrowserContext(): Promise<BrowserContext>;
    version(): Promise<string>;
    close(): Promise<void>;
  }

  const puppeteer: {
    launch(options: { executablePath: string; args: string[]; headless: boolean }): Promise<Browser>;
  };
  export default puppeteer;
}
