import { useLayoutEffect, type RefObject } from 'react';

/** The least the chat keeps, on a very short window: the header, a few messages and the composer. */
const minimum = 320;
/** A little air between the composer and the tab bar (or the window's edge). */
const gap = 8;

/**
 * Makes the chat exactly fill the window between the app's bars, so its message list
 * scrolls and the composer stays in sight. The top bar's height varies (the sync chips wrap
 * on a phone) and a phone's keyboard shrinks the visual viewport, so it is measured, not
 * guessed in CSS: again when the window, the keyboard or the top bar change.
 */
export function useFillViewport(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      const viewport = window.visualViewport?.height ?? window.innerHeight;
      const top = element.getBoundingClientRect().top + window.scrollY;
      const tabbar = document.querySelector<HTMLElement>('.tabbar');
      const below = tabbar && getComputedStyle(tabbar).display !== 'none' ? tabbar.getBoundingClientRect().height : 0;
      element.style.blockSize = `${Math.max(minimum, Math.floor(viewport - top - below - gap))}px`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    const topbar = document.querySelector('.topbar');
    if (topbar) observer.observe(topbar);
    window.addEventListener('resize', fit);
    window.visualViewport?.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      window.visualViewport?.removeEventListener('resize', fit);
    };
  }, [ref]);
}
