import { useEffect, useRef } from 'react';

/**
 * Runs `pass` (work that brings the device in step, like downloading what the member keeps)
 * whenever `trigger` changes while `ready`, never two at once: a change during a pass asks
 * for one more when it ends. A new `owner` (another database) or unmounting (sign-out)
 * aborts the running pass through its signal.
 */
export function useSerialPasses(
  pass: (signal: AbortSignal) => Promise<unknown>,
  { owner, trigger, ready, what }: { owner: unknown; trigger: string; ready: boolean; what: string },
): void {
  const latest = useRef(pass);
  const runPass = useRef<(() => void) | null>(null);
  useEffect(() => {
    latest.current = pass;
  });

  useEffect(() => {
    const lifetime = new AbortController();
    let running = false;
    let again = false;
    async function run(): Promise<void> {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          await latest.current(lifetime.signal);
        } while (again && !lifetime.signal.aborted);
      } finally {
        running = false;
      }
    }
    runPass.current = () => {
      run().catch((error: unknown) => {
        if (!lifetime.signal.aborted) console.error(`${what} failed`, error);
      });
    };
    return () => {
      runPass.current = null;
      lifetime.abort();
    };
  }, [owner, what]);

  useEffect(() => {
    if (ready) runPass.current?.();
  }, [ready, trigger]);
}
