import type { SsoSettingsInput, SsoSettingsView } from '../../../contract/sso';
import type { FieldErrors } from '../../forms/fieldErrors';

/** What the single sign-on card holds while it is filled (the saved settings, then what is typed). */
export interface SsoDraft {
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  /** Typing a new secret (or the first one); else the saved one stays. */
  replacing: boolean;
  clearSecret: boolean;
  /** As typed: domains separated by commas, spaces or new lines. */
  domains: string;
  enabled: boolean;
}

export const draftOf = (saved: SsoSettingsView | null): SsoDraft => ({
  display_name: saved?.display_name ?? '',
  issuer: saved?.issuer ?? '',
  client_id: saved?.client_id ?? '',
  client_secret: '',
  replacing: !saved?.client_secret_set,
  clearSecret: false,
  domains: saved?.allowed_domains.join(', ') ?? '',
  enabled: saved?.enabled ?? true,
});

/** What is sent: a secret only when one is typed (a blank one keeps the saved one, server/sso/settingsRoutes.ts). */
export const inputOf = (draft: SsoDraft): SsoSettingsInput => ({
  display_name: draft.display_name,
  issuer: draft.issuer,
  client_id: draft.client_id,
  client_secret: draft.replacing ? draft.client_secret : '',
  clear_client_secret: draft.clearSecret,
  allowed_domains: draft.domains.split(/[\s,;]+/).filter((domain) => domain !== ''),
  enabled: draft.enabled,
});

/** The one field of the domains shows the first message about any of them (`allowed_domains.3`). */
export function domainsError(errors: FieldErrors): string | undefined {
  if (errors.allowed_domains) return errors.allowed_domains;
  return Object.entries(errors).find(([field]) => field.startsWith('allowed_domains.'))?.[1];
}

/** The address the school registers at its provider: this site's callback (server/sso/flow.ts). */
export const redirectUriOf = (origin: string): string => `${origin}/api/v1/sso/callback`;
