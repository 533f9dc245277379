/**
 * The processes of a Chromium launched on a persistent profile (Linux /proc): its browser
 * process (the one given that `--user-data-dir`) and every descendant (zygotes, renderers,
 * GPU, network and storage utilities), each with its `--type`. Playwright does not give a
 * persistent context's pids; this finds them to sample their memory (rssSampler.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ChromiumProcess {
  pid: number;
  /** `browser`, `renderer`, `gpu-process`, `utility`, `zygote`, … */
  type: string;
  /** Its command line (a child's is one string: Chromium rewrites its process title). */
  command: string;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function chromiumProcesses(profileDir: string): ChromiumProcess[] {
  const profile = `--user-data-dir=${resolve(profileDir)}`;
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => {
      const pid = Number(name);
      const command = (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ');
      // `pid (comm) state ppid …`: the name may hold spaces and parentheses.
      const stat = read(`/proc/${pid}/stat`) ?? '';
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return { pid, ppid, command, type: /--type=(\S+)/.exec(command)?.[1] };
    });
  const browser = all.find((p) => p.command.includes(`${profile} `) && p.type === undefined);
  if (!browser) return [];
  const found: ChromiumProcess[] = [{ pid: browser.pid, type: 'browser', command: browser.command }];
  for (let i = 0; i < found.length; i++) {
    for (const child of all.filter((p) => p.ppid === found[i]!.pid)) found.push({ pid: child.pid, type: child.type ?? 'other', command: child.command });
  }
  return found;
}
