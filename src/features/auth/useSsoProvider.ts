import { useOnlineResource } from '../../online/useOnlineResource';
import { cacheProvider, fetchSsoProvider, readCachedProvider, type SsoProvider } from './ssoApi';

/**
 * Whether the college signs in with an OpenID Connect provider, and its name: the device's
 * last answer at once, then the server's (asked again on coming back online). A failed
 * request keeps what was known.
 */
export function useSsoProvider(college: string): SsoProvider | null {
  const provider = useOnlineResource(
    college,
    async (signal) => {
      const answer = await fetchSsoProvider(signal);
      cacheProvider(college, answer);
      return answer;
    },
    { remembered: readCachedProvider },
  );
  return provider.data ?? null;
}
