import type { LoginResponse } from '../../contract/auth';
import type {
  CeremonyOptions,
  EnrolledSignIn,
  FactorAdded,
  MemberFactorsView,
  SecondFactorList,
  SecuritySettingsInput,
  SecuritySettingsView,
  TotpBeginResponse,
} from '../../contract/secondFactor';
import { requestJson, requestVoid } from '../api/client';

/*
 * The second factor's requests (docs/features/second-factor.md): the sign-in's second step
 * (with its ticket), the member's own factors on the profile, the college's requirement. The
 * contract's schemas load with the screens that use them, not with the shell.
 */
const contract = () => import('../../contract/secondFactor');
const auth = () => import('../../contract/auth');

const parseSession = async (data: unknown): Promise<LoginResponse> => (await auth()).loginResponse.parse(data);
const parseEnrolled = async (data: unknown): Promise<EnrolledSignIn> => (await contract()).enrolledSignIn.parse(data);
const parseOptions = async (data: unknown): Promise<CeremonyOptions> => (await contract()).ceremonyOptions.parse(data);
const parseTotp = async (data: unknown): Promise<TotpBeginResponse> => (await contract()).totpBeginResponse.parse(data);
const parseAdded = async (data: unknown): Promise<FactorAdded> => (await contract()).factorAdded.parse(data);

const step = 'api/v1/auth/second-factor';

// ——— The sign-in's second step ———

export const verifyTotp = (ticket: string, code: string) => requestJson('post', `${step}/totp`, parseSession, { json: { ticket, code } });
export const verifyRecoveryCode = (ticket: string, code: string) => requestJson('post', `${step}/recovery`, parseSession, { json: { ticket, code } });
export const passkeyStepOptions = (ticket: string) => requestJson('post', `${step}/webauthn/options`, parseOptions, { json: { ticket } });
export const verifyPasskey = (ticket: string, credential: unknown) => requestJson('post', `${step}/webauthn`, parseSession, { json: { ticket, credential } });

/** Enrolling within the ticket, for a member the college requires a factor of. */
export const ticketTotpBegin = (ticket: string) => requestJson('post', `${step}/enrol/totp`, parseTotp, { json: { ticket } });
export const ticketTotpConfirm = (ticket: string, id: string, code: string) =>
  requestJson('post', `${step}/enrol/totp/confirm`, parseEnrolled, { json: { ticket, id, code } });
export const ticketPasskeyOptions = (ticket: string) => requestJson('post', `${step}/enrol/webauthn/options`, parseOptions, { json: { ticket } });
export const ticketPasskeyRegister = (ticket: string, label: string, credential: unknown) =>
  requestJson('post', `${step}/enrol/webauthn`, parseEnrolled, { json: { ticket, label, credential } });

// ——— The member's own factors (the profile) ———

const own = 'api/v1/profile/second-factors';

export const fetchFactors = (signal?: AbortSignal) =>
  requestJson('get', own, async (data): Promise<SecondFactorList> => (await contract()).secondFactorList.parse(data), undefined, signal);
export const beginTotp = (label: string) => requestJson('post', `${own}/totp`, parseTotp, { json: { label } });
export const confirmTotp = (id: string, code: string) => requestJson('post', `${own}/totp/${encodeURIComponent(id)}/confirm`, parseAdded, { json: { code } });
export const passkeyRegistrationOptions = () => requestJson('post', `${own}/webauthn/options`, parseOptions);
export const registerPasskey = (label: string, credential: unknown) => requestJson('post', `${own}/webauthn`, parseAdded, { json: { label, credential } });
export const removeFactor = (id: string) => requestVoid('delete', `${own}/${encodeURIComponent(id)}`);
export const regenerateRecoveryCodes = () =>
  requestJson('post', `${own}/recovery-codes`, async (data) => (await contract()).recoveryCodesResponse.parse(data).recovery_codes);

// ——— The college's requirement ———

const parseSettings = async (data: unknown): Promise<SecuritySettingsView> => (await contract()).securitySettingsView.parse(data);
export const fetchSecuritySettings = (signal: AbortSignal) => requestJson('get', 'api/v1/admin/security', parseSettings, undefined, signal);
export const saveSecuritySettings = (input: SecuritySettingsInput) => requestJson('put', 'api/v1/admin/security', parseSettings, { json: input });

// ——— An administrator and a member's factors ———

const memberFactors = (id: string) => `api/v1/admin/members/${encodeURIComponent(id)}/second-factors`;
export const fetchMemberFactors = (id: string, signal: AbortSignal) =>
  requestJson('get', memberFactors(id), async (data): Promise<MemberFactorsView> => (await contract()).memberFactorsView.parse(data), undefined, signal);
export const removeMemberFactors = (id: string) => requestVoid('delete', memberFactors(id));
