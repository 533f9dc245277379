/**
 * A sampled CPU profile of a page's main thread (Chrome DevTools Protocol), summed up: the
 * time idle (waiting, e.g. on IndexedDB), in garbage collection, and the functions with the
 * most self time. For finding where a measured interval goes (BENCH_TRACE=1).
 */
import type { CDPSession, Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface CpuSummary {
  totalMs: number;
  idleMs: number;
  gcMs: number;
  top: { name: string; ms: number }[];
}

export async function startCpuProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return cdp;
}

export async function stopCpuProfile(cdp: CDPSession, topCount = 8): Promise<CpuSummary> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    total += delta;
    const frame = byId.get(id)?.callFrame;
    const file = frame?.url.split('/').pop() ?? '';
    const name = frame ? `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}` : '?';
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  const top = [...self.entries()]
    .filter(([name]) => name !== '(idle)' && name !== '(garbage collector)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, topCount)
    .map(([name, ms]) => ({ name, ms }));
  return { totalMs: total, idleMs: self.get('(idle)') ?? 0, gcMs: self.get('(garbage collector)') ?? 0, top };
}
