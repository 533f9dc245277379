/**
 * Runs `task` once the browser has painted the next frame: for work a tap starts but its
 * answer on screen does not need (updating the address after the month grid changed). A
 * router navigation in the tap's task would draw the screen a second time and force a
 * layout before the first paint; after it, the person already sees the answer. Returns the
 * cancel. Where frames do not come (a hidden tab), the timer still runs it.
 */
export function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  // The animation frame callback runs before that frame's paint; a task queued from it runs after.
  const frame = requestAnimationFrame(() => (timer = setTimeout(run, 0)));
  // A hidden page gets no frames: the address must follow anyway.
  const fallback = setTimeout(run, 100);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
