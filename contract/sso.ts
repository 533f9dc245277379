import { z } from './zod';
import { loginResponse } from './auth';
import { messages } from './messages';
import { text } from './text';

/**
 * Single sign-on with the college's OpenID Connect provider (docs/features/sso.md).
 *
 * `GET /api/v1/sso/provider` is public (the college comes from the host) and never asks the
 * provider anything: the sign-in and invitation pages call it to show "Sign in with <name>".
 */
export const ssoProviderResponse = z.object({
  provider: z.object({ displayName: z.string() }).nullable(),
});
export type SsoProviderResponse = z.infer<typeof ssoProviderResponse>;

/** Hosts an issuer may be reached over plain http: this machine only (tests, local set-ups). */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An issuer URL: https, or http on a loopback host; no query or fragment (OpenID Connect Discovery 1.0). */
export function issuerAcceptable(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && loopbackHosts.has(url.hostname);
}

const domain = z
  .string({ error: messages.ssoDomainInvalid })
  .trim()
  .toLowerCase()
  .regex(/^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/, { error: messages.ssoDomainInvalid })
  .transform((value) => value.replace(/^@/, ''));

/** The settings an administrator saves (`PUT /api/v1/admin/integrations/sso`). */
export const ssoSettingsInput = z.object({
  display_name: text({ max: 80, trim: true, error: messages.ssoDisplayNameRequired }).min(1, { error: messages.ssoDisplayNameRequired }),
  issuer: text({ max: 500, trim: true, error: messages.ssoIssuerInvalid }).refine(issuerAcceptable, { error: messages.ssoIssuerInvalid }),
  client_id: text({ max: 500, trim: true, error: messages.ssoClientIdRequired }).min(1, { error: messages.ssoClientIdRequired }),
  /** Blank keeps the stored secret; `clear_client_secret` removes it. */
  client_secret: text({ max: 2000 }).default(''),
  clear_client_secret: z.boolean().default(false),
  allowed_domains: z.array(domain).max(50, { error: messages.ssoDomainInvalid }).default([]),
  enabled: z.boolean().default(true),
});
export type SsoSettingsInput = z.input<typeof ssoSettingsInput>;

/** The settings as sent back: never the secret, only whether one is saved. */
export const ssoSettingsView = z.object({
  display_name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  allowed_domains: z.array(z.string()),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type SsoSettingsView = z.infer<typeof ssoSettingsView>;

export const ssoSettingsResponse = z.object({ data: ssoSettingsView.nullable() });

/**
 * `POST /api/v1/sso/exchange`: the one-time secret the provider's answer left in the fragment
 * of `/auth/sso#exchange=…`, traded once for a session: answered like `POST /api/login-mobile`,
 * plus the path of this site the person was going to when they started (`return_to`).
 */
export const ssoExchangeRequest = z.object({ exchange: z.string().min(1).max(200) });
export type SsoExchangeRequest = z.infer<typeof ssoExchangeRequest>;

export const ssoExchangeResponse = loginResponse.extend({ return_to: z.string() });
export type SsoExchangeResponse = z.infer<typeof ssoExchangeResponse>;
