import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

/**
 * Whether a screen has been shown in this document yet. The first screen of a page load
 * does not fade in: there is nothing to move from, and content that starts transparent is
 * painted late (browsers do not count it as the page's largest paint until it is opaque).
 */
let firstScreenShown = false;

/** Remounts per path so each screen after the first fades in (CSS; none with reduced motion). */
export function FadeOutlet() {
  const { pathname } = useLocation();
  const fade = firstScreenShown;
  useEffect(() => {
    firstScreenShown = true;
  }, []);
  return (
    <div key={pathname} className={fade ? 'screen screen-enter' : 'screen'}>
      <Outlet />
    </div>
  );
}
