import type { Mail } from '../mail/mailer';

/**
 * What the server itself writes about a notification — push summaries, the emergency label,
 * the cascade's email — in the college's language, as the recovery mail is
 * (server/auth/resetMail.ts): Spanish for `es`, else English. The server does not know the
 * language each member chose on their device; the notification's own title and text are the
 * author's, as written.
 */
interface Texts {
  emergencyTitle: (title: string) => string;
  summaryTitle: (count: number) => string;
  emergencyMail: (input: EmergencyMailInput) => Omit<Mail, 'to'>;
}

export interface EmergencyMailInput {
  collegeName: string;
  title: string;
  content: string;
  authorName: string;
  sentAt: string;
}

const spanish: Texts = {
  emergencyTitle: (title) => `Emergencia: ${title}`,
  summaryTitle: (count) => `${count} notificaciones nuevas`,
  emergencyMail: ({ collegeName, title, content, authorName, sentAt }) => ({
    subject: `${collegeName}: ALERTA DE EMERGENCIA — ${title}`,
    text: [
      `${collegeName} envió una alerta de emergencia que todavía no has confirmado:`,
      '',
      title,
      '',
      content,
      '',
      `Enviada por ${authorName}, ${sentAt}.`,
      '',
      'Abre la aplicación del colegio y pulsa «Lo he leído» para confirmar que la recibiste.',
    ].join('\n'),
  }),
};

const english: Texts = {
  emergencyTitle: (title) => `Emergency: ${title}`,
  summaryTitle: (count) => `${count} new notifications`,
  emergencyMail: ({ collegeName, title, content, authorName, sentAt }) => ({
    subject: `${collegeName}: EMERGENCY ALERT — ${title}`,
    text: [
      `${collegeName} sent an emergency alert you have not confirmed yet:`,
      '',
      title,
      '',
      content,
      '',
      `Sent by ${authorName}, ${sentAt}.`,
      '',
      'Open the school’s app and press “I have read this” to confirm you received it.',
    ].join('\n'),
  }),
};

export const textsFor = (language: string): Texts => (language.startsWith('es') ? spanish : english);

/** A time for a mail, in the college's zone and language: "25 nov 2026, 08:15". */
export function sentAtText(instant: Date, timeZone: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language.startsWith('es') ? 'es' : 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(instant);
  } catch {
    return instant.toISOString();
  }
}
