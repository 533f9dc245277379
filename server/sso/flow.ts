import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { ssoRefusals, type SsoRefusalCode } from '../../contract/ssoRefusals';
import { newSecret } from '../auth/tokens';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { SecretKey } from '../mail/secretKey';
import { ssoLogins, ssoSettings } from './schema';

/** How long the provider may take to send the browser back; then the sign-in starts over. */
export const ssoLoginLifetimeMs = 10 * 60 * 1000;
/** How long the app has to trade the one-time exchange secret for a session. */
export const ssoExchangeLifetimeMs = 2 * 60 * 1000;
/** How long a provider's discovered metadata is trusted before asking it again. */
const discoveryLifetimeMs = 5 * 60 * 1000;

/** A refused sign-in: its code goes in the sign-in page's `sso_error`, its message key in `sso_logins.error`. */
export class SsoRefusal extends Error {
  constructor(readonly code: SsoRefusalCode) {
    super(messages[ssoRefusals[code]]);
  }
}

const hashOf = (value: string): string => createHash('sha256').update(value).digest('hex');

type Settings = typeof ssoSettings.$inferSelect;
type Claims = oidc.IDToken | oidc.UserInfoResponse;

interface FlowContext {
  db: Database;
  secrets: SecretKey;
  collegeId: string;
  /** `<protocol>://<host>` of the request: the callback is this site's. */
  origin: string;
  now: Date;
}

const discovered = new Map<string, { metadata: oidc.ServerMetadata; at: number }>();

async function enabledSettings(ctx: FlowContext): Promise<Settings> {
  const [row] = await ctx.db
    .select()
    .from(ssoSettings)
    .where(and(eq(ssoSettings.collegeId, ctx.collegeId), eq(ssoSettings.enabled, true)))
    .limit(1);
  if (!row) throw new SsoRefusal('not_offered');
  return row;
}

/** The client secret, unsealed like the SMTP password; one sealed with another key is no settings. */
function secretOf(ctx: FlowContext, settings: Settings): string {
  if (!settings.clientSecretEncrypted) return '';
  try {
    return ctx.secrets.open(settings.clientSecretEncrypted);
  } catch {
    throw new SsoRefusal('not_offered');
  }
}

/**
 * The provider's configuration: its metadata is discovered once per college, issuer and
 * settings version for a few minutes; the client (and the clock it checks the ID token's
 * times with) is made for each request.
 */
async function configurationOf(ctx: FlowContext, settings: Settings): Promise<oidc.Configuration> {
  const insecure = new URL(settings.issuer).protocol === 'http:';
  const auth = oidc.ClientSecretBasic(secretOf(ctx, settings));
  const key = `${settings.collegeId} ${settings.issuer} ${settings.updatedAt.getTime()}`;
  const clock = { [oidc.clockSkew]: Math.round((ctx.now.getTime() - Date.now()) / 1000) };
  let cached = discovered.get(key);
  if (!cached || Date.now() - cached.at > discoveryLifetimeMs) {
    try {
      const found = await oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, auth, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      });
      cached = { metadata: found.serverMetadata(), at: Date.now() };
    } catch {
      throw new SsoRefusal('provider_down');
    }
    // One entry per college: older settings versions are forgotten.
    for (const other of discovered.keys()) if (other.startsWith(`${settings.collegeId} `)) discovered.delete(other);
    discovered.set(key, cached);
  }
  const configuration = new oidc.Configuration(cached.metadata, settings.clientId, clock, auth);
  if (insecure) oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** A path of this site (`/…`, never `//host` or a scheme), else the app's start. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return '/';
  return value;
}

/** Starts a sign-in: stores its state, nonce and PKCE verifier, and answers the provider's URL. */
export async function startSignIn(ctx: FlowContext, returnTo: string): Promise<URL> {
  const settings = await enabledSettings(ctx);
  const configuration = await configurationOf(ctx, settings);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await ctx.db.insert(ssoLogins).values({
    id: uuidv7(),
    collegeId: ctx.collegeId,
    stateHash: hashOf(state),
    nonce,
    codeVerifier,
    returnTo,
    expiresAt: new Date(ctx.now.getTime() + ssoLoginLifetimeMs),
    createdAt: ctx.now,
  });
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: `${ctx.origin}/api/v1/sso/callback`,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
}

/** What a failed token request means: the provider not answering, or an answer we refuse. */
function refusalOf(error: unknown): SsoRefusal {
  if (error instanceof SsoRefusal) return error;
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) return new SsoRefusal('state');
  if (error instanceof oidc.ClientError && error.code !== 'OAUTH_RESPONSE_IS_NOT_CONFORM') return new SsoRefusal('token');
  return new SsoRefusal('provider_down');
}

/**
 * The provider's answer (`query` as received): each sign-in is answered once. On success the
 * login holds the member and the hash of the exchange secret answered here; on a refusal it
 * holds the refusal's message key.
 */
export async function answerCallback(ctx: FlowContext, query: URLSearchParams): Promise<{ exchange: string }> {
  const state = query.get('state');
  if (!state) throw new SsoRefusal('state');
  const [login] = await ctx.db
    .update(ssoLogins)
    .set({ answeredAt: ctx.now })
    .where(and(eq(ssoLogins.collegeId, ctx.collegeId), eq(ssoLogins.stateHash, hashOf(state)), isNull(ssoLogins.answeredAt)))
    .returning();
  if (!login) throw new SsoRefusal('state');
  try {
    if (login.expiresAt <= ctx.now) throw new SsoRefusal('state');
    const settings = await enabledSettings(ctx);
    const configuration = await configurationOf(ctx, settings);
    const callback = new URL(`${ctx.origin}/api/v1/sso/callback`);
    callback.search = query.toString();
    const tokens = await oidc
      .authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: login.codeVerifier,
        expectedNonce: login.nonce,
        expectedState: state,
        idTokenExpected: true,
      })
      .catch((error: unknown) => {
        throw refusalOf(error);
      });
    // Providers that follow the specification to the letter put the email in the userinfo answer only.
    let claims: Claims | undefined = tokens.claims();
    if (claims && claims.email === undefined) {
      claims = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch((error: unknown) => {
        throw refusalOf(error);
      });
    }
    const userId = await memberOf(ctx, settings, claims);
    const exchange = newSecret();
    await ctx.db
      .update(ssoLogins)
      .set({ userId, exchangeHash: hashOf(exchange) })
      .where(eq(ssoLogins.id, login.id));
    return { exchange };
  } catch (error) {
    const refusal = refusalOf(error);
    await ctx.db.update(ssoLogins).set({ error: ssoRefusals[refusal.code] }).where(eq(ssoLogins.id, login.id));
    throw refusal;
  }
}

/** The active member of this college the ID token names by its verified email; never a new account. */
async function memberOf(ctx: FlowContext, settings: Settings, claims: Claims | undefined): Promise<string> {
  if (claims?.email_verified !== true || typeof claims.email !== 'string') throw new SsoRefusal('unverified');
  const email = claims.email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (settings.allowedDomains.length > 0 && !settings.allowedDomains.includes(domain)) throw new SsoRefusal('domain');
  const [member] = await ctx.db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.collegeId, ctx.collegeId), eq(users.email, email)))
    .limit(1);
  if (!member) throw new SsoRefusal('unknown');
  if (member.status !== 'active') throw new SsoRefusal('disabled');
  return member.id;
}

/** Trades an exchange secret for its member, once and within its lifetime; null when it is not one. */
export async function redeemExchange(db: Database, collegeId: string, exchange: string, now: Date): Promise<{ userId: string; returnTo: string } | null> {
  const [login] = await db
    .update(ssoLogins)
    .set({ usedAt: now })
    .where(and(eq(ssoLogins.collegeId, collegeId), eq(ssoLogins.exchangeHash, hashOf(exchange)), isNull(ssoLogins.usedAt)))
    .returning();
  if (!login?.userId || !login.answeredAt || now.getTime() - login.answeredAt.getTime() > ssoExchangeLifetimeMs) return null;
  return { userId: login.userId, returnTo: login.returnTo };
}
