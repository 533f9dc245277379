import type { CeremonyOptions } from '../../contract/secondFactor';

/**
 * The browser's passkey ceremonies through `@simplewebauthn/browser`, loaded when a person
 * asks for one (it is not part of the sign-in screen's first download).
 */
const browser = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (an old browser, or a page not on https). */
export function passkeysAvailable(): boolean {
  return typeof window !== 'undefined' && 'PublicKeyCredential' in window && window.isSecureContext;
}

/** Makes a passkey from the server's registration options; answers what the server verifies. */
export async function createPasskey(options: CeremonyOptions): Promise<unknown> {
  const { startRegistration } = await browser();
  return startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
}

/** Signs the server's challenge with one of the member's passkeys. */
export async function signWithPasskey(options: CeremonyOptions): Promise<unknown> {
  const { startAuthentication } = await browser();
  return startAuthentication({ optionsJSON: options });
}

/** The person closed the browser's dialog, or it timed out: not an error to report. */
export function ceremonyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
