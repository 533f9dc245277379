import { Outlet, useLocation } from 'react-router-dom';

/** Remounts per path so each screen fades in (CSS; none with reduced motion). */
export function FadeOutlet() {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="screen">
      <Outlet />
    </div>
  );
}
