import { useLayoutEffect } from 'react';
import { ScrollRestoration, useLocation } from 'react-router-dom';

/**
 * React Router restores the scroll on back and scrolls to the top on a new path; for a
 * hash link we make that scroll smooth (unless the user prefers reduced motion).
 */
function SmoothHashScroll() {
  const { hash, key } = useLocation();
  useLayoutEffect(() => {
    if (!hash) return undefined;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return undefined;
    const root = document.documentElement;
    root.style.scrollBehavior = 'smooth';
    const timer = window.setTimeout(() => {
      root.style.scrollBehavior = '';
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [hash, key]);
  return null;
}

export function ScrollManager() {
  return (
    <>
      <SmoothHashScroll />
      <ScrollRestoration />
    </>
  );
}
