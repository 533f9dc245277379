import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorView } from './ErrorView';

/** A route that failed to load (e.g. its code, offline before it was cached) or to render. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('route failed', error);
  }, [error]);
  return <ErrorView />;
}
