import type { SecondStepRequired } from '../../contract/secondFactor';
import type { Database } from '../db/client';
import type { UserRow } from './requireUser';

/**
 * What a password sign-in must still pass once the password was right, declared by a feature
 * (the second factor, server/secondFactor): the second step it asks for instead of a session,
 * or null to let the session start. Only the password sign-in asks: an invitation proves the
 * mailbox and single sign-on is the provider's own factor (docs/features/second-factor.md).
 */
export type PasswordSignInGate = (db: Database, college: { id: string }, user: UserRow) => Promise<SecondStepRequired | null>;
