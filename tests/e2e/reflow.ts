import type { Page } from '@playwright/test';

/**
 * What makes the page wider than the window: the page's own sideways scroll, and every
 * outermost element that reaches past either edge without a scrolling or clipping box
 * around it (a box of its own that scrolls is allowed, and is checked as one element).
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width) found.push(`the page is ${root.scrollWidth} px wide in a ${width} px window`);
    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = element; at && at !== document.body && parts.length < 4; at = at.parentElement) {
        const classes = [...at.classList].map((name) => `.${name}`).join('');
        parts.unshift(`${at.tagName.toLowerCase()}${at.id ? `#${at.id}` : ''}${classes}`);
      }
      return parts.join(' > ');
    };
    const contained = (element: Element): boolean => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflowX !== 'visible') return true;
      }
      return false;
    };
    const reported: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      // Not drawn, or a visually hidden text for screen readers (1 px, clipped).
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left > -1 && box.right < width + 1) continue;
      if (contained(element) || reported.some((outer) => outer.contains(element))) continue;
      reported.push(element);
      found.push(`${describe(element)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px`);
    }
    return found;
  });
}

/**
 * Headings and controls whose text is cut by their own box: wider content than the box
 * shows (`scrollWidth > clientWidth`) where the box clips it, unless the cut is meant
 * (an ellipsis).
 */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('h1, h2, button, [role="tab"], a[role="button"], .tabbar-link')) {
      const style = getComputedStyle(element);
      if (element.clientWidth === 0 || style.textOverflow === 'ellipsis') continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        found.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" needs ${element.scrollWidth} px, has ${element.clientWidth} px`,
        );
      }
    }
    return found;
  });
}

/**
 * This run's seed of the looks and languages checked (accessibility.spec.ts,
 * reflowLanguages.spec.ts): PATIO_A11Y_SEED when it is set, else the day's number (days since
 * 1970-01-01, UTC). The runner loads the specs before it starts the workers, which inherit
 * the variable set here: a run that crosses midnight keeps one seed in every process.
 */
export function lookSeed(): number {
  if (seedOfRun !== undefined) return seedOfRun;
  const given = process.env.PATIO_A11Y_SEED;
  const seed = given ? Number(given) : Math.floor(Date.now() / 86_400_000);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`PATIO_A11Y_SEED must be a whole number, not "${given}"`);
  process.env.PATIO_A11Y_SEED = String(seed);
  // Once, in the runner (workers have an index).
  if (process.env.TEST_WORKER_INDEX === undefined) {
    console.log(`Looks and languages: seed ${seed} (PATIO_A11Y_SEED=${seed} checks the same ones again)`);
  }
  return (seedOfRun = seed);
}

let seedOfRun: number | undefined;
