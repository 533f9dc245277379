import { useEffect, useState } from 'react';
import { useOnline } from '../../ui/useOnline';
import { cacheProvider, fetchSsoProvider, readCachedProvider, type SsoProvider } from './ssoApi';

/**
 * Whether the college signs in with an OpenID Connect provider, and its name: the device's
 * last answer at once, then the server's (asked again on coming back online). A failed
 * request keeps what was known.
 */
export function useSsoProvider(college: string): SsoProvider | null {
  const online = useOnline();
  const [provider, setProvider] = useState(() => readCachedProvider(college));
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    fetchSsoProvider(controller.signal).then(
      (answer) => {
        cacheProvider(college, answer);
        setProvider(answer);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [college, online]);
  return provider;
}
