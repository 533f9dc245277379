/**
 * Resident memory of processes (VmRSS of /proc/<pid>/status, Linux), sampled on a fixed
 * period and at named moments, printed as a line per process.
 */
import { readFileSync } from 'node:fs';

interface Sample {
  label: string;
  at: number;
  /** KiB per process, in the order given; null once a process is gone. */
  kib: (number | null)[];
}

export function rssKiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export class RssSampler {
  private readonly samples: Sample[] = [];
  private readonly marks: Sample[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly start = performance.now();

  constructor(
    private readonly processes: readonly { label: string; pid: number }[],
    everyMs: number,
  ) {
    this.timer = setInterval(() => this.samples.push(this.take('')), everyMs);
    this.timer.unref();
  }

  mark(label: string): void {
    this.marks.push(this.take(label));
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Per process: the marks, then the periodic samples' min and max. */
  lines(): string[] {
    const mib = (kib: number | null) => (kib === null ? 'gone' : `${(kib / 1024).toFixed(0)} MiB`);
    return this.processes.map((process, i) => {
      const marks = this.marks.map((m) => `${m.label} ${mib(m.kib[i] ?? null)}`).join(' → ');
      const periodic = this.samples.map((s) => s.kib[i]).filter((k): k is number => typeof k === 'number');
      const range = periodic.length ? `; every 5 s: min ${mib(Math.min(...periodic))}, max ${mib(Math.max(...periodic))} (${periodic.length} samples)` : '';
      return `${process.label}: ${marks}${range}`;
    });
  }

  /** The periodic samples of one process as `seconds:MiB`, for a look at the curve. */
  series(index: number): string {
    return this.samples
      .map((s) => {
        const kib = s.kib[index];
        return `${((s.at - this.start) / 1000).toFixed(0)}s:${typeof kib === 'number' ? Math.round(kib / 1024) : '-'}`;
      })
      .join(' ');
  }

  private take(label: string): Sample {
    return { label, at: performance.now(), kib: this.processes.map((p) => rssKiB(p.pid)) };
  }
}
