import { eq } from 'drizzle-orm';
import { colleges } from '../db/schema';
import type { Mail, Mailer } from '../mail/mailer';
import type { Write } from '../sync/writeInCollege';
import type { MemberRecord } from './memberEntity';

/**
 * The mailer of this process (set when the module's routes are registered): a pushed
 * mutation has no app context, and the approval mail is recorded in its transaction.
 */
let processMailer: Mailer | null = null;

export function useMailer(mailer: Mailer): void {
  processMailer = mailer;
}

export function approvalMail(to: string, collegeName: string, language: string, name: string): Mail {
  if (language.startsWith('es')) {
    return {
      to,
      subject: `${collegeName}: tu cuenta fue aprobada`,
      text: [`Hola ${name}:`, '', `${collegeName} aprobó tu cuenta. Ya puedes ingresar con tu correo y tu contraseña.`].join('\n'),
    };
  }
  return {
    to,
    subject: `${collegeName}: your account was approved`,
    text: [`Hello ${name},`, '', `${collegeName} approved your account. You can now sign in with your email and password.`].join('\n'),
  };
}

/**
 * Records "your account was approved" in the college's mail outbox, in the approval's
 * transaction; it leaves through SMTP (when the college has settings) shortly after.
 */
export async function queueApprovalMail(write: Write, member: MemberRecord): Promise<void> {
  const mailer = processMailer;
  if (!mailer) return;
  const [college] = await write.tx.select({ name: colleges.name, language: colleges.language }).from(colleges).where(eq(colleges.id, write.collegeId));
  if (!college) return;
  const { deliver } = await mailer.record(write.tx, write.collegeId, [approvalMail(member.email, college.name, college.language, member.name)]);
  // After the commit: the push records the mutation and commits right after `apply`.
  setTimeout(() => void deliver(), 1000).unref();
}
