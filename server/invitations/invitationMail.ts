import type { MailLanguage } from '../../contract/delivery';
import type { Mail } from '../mail/mailer';

interface InvitationMailInput {
  to: string;
  userId: string;
  firstName: string;
  collegeName: string;
  language: MailLanguage;
  link: string;
  /** The last day the link works, already written in the reader's language. */
  until: string;
}

type Words = { subject: (college: string) => string; lines: (input: InvitationMailInput) => string[] };

/** The invitation in each of the app's languages (contract/delivery.ts `mailLanguages`). */
const words: Record<MailLanguage, Words> = {
  en: {
    subject: (college) => `${college} invites you to Patio`,
    lines: ({ firstName, collegeName, link, until }) => [
      `Hello ${firstName},`,
      '',
      `${collegeName} uses Patio for its news, events and messages. Open this link to choose your password; it signs you in:`,
      '',
      link,
      '',
      `The link works until ${until}, once. If it has expired, ask the school for a new one.`,
    ],
  },
  es: {
    subject: (college) => `${college} te invita a Patio`,
    lines: ({ firstName, collegeName, link, until }) => [
      `Hola, ${firstName}:`,
      '',
      `${collegeName} usa Patio para sus noticias, eventos y mensajes. Abre este enlace para elegir tu contraseña; con él entras a la aplicación:`,
      '',
      link,
      '',
      `El enlace funciona hasta el ${until}, una sola vez. Si venció, pide uno nuevo al colegio.`,
    ],
  },
  'es-MX': {
    subject: (college) => `${college} te invita a Patio`,
    lines: ({ firstName, collegeName, link, until }) => [
      `Hola, ${firstName}:`,
      '',
      `${collegeName} usa Patio para sus noticias, eventos y mensajes. Abre este enlace para elegir tu contraseña; con él entras a la aplicación:`,
      '',
      link,
      '',
      `El enlace funciona hasta el ${until}, una sola vez. Si ya venció, pide uno nuevo a la escuela.`,
    ],
  },
  fr: {
    subject: (college) => `${college} vous invite sur Patio`,
    lines: ({ firstName, collegeName, link, until }) => [
      `Bonjour ${firstName},`,
      '',
      `${collegeName} utilise Patio pour ses actualités, ses événements et ses messages. Ouvrez ce lien pour choisir votre mot de passe ; il vous connecte :`,
      '',
      link,
      '',
      `Le lien fonctionne jusqu’au ${until}, une seule fois. S’il a expiré, demandez-en un nouveau à l’établissement.`,
    ],
  },
  de: {
    subject: (college) => `${college} lädt Sie zu Patio ein`,
    lines: ({ firstName, collegeName, link, until }) => [
      `Hallo ${firstName},`,
      '',
      `${collegeName} nutzt Patio für Neuigkeiten, Termine und Nachrichten. Öffnen Sie diesen Link, um Ihr Passwort zu wählen; er meldet Sie an:`,
      '',
      link,
      '',
      `Der Link gilt bis ${until}, einmal. Ist er abgelaufen, bitten Sie die Schule um einen neuen.`,
    ],
  },
  ar: {
    subject: (college) => `${college} تدعوك إلى Patio`,
    lines: ({ firstName, collegeName, link, until }) => [
      `مرحبًا ${firstName}،`,
      '',
      `تستخدم ${collegeName} تطبيق Patio لأخبارها وفعالياتها ورسائلها. افتح هذا الرابط لاختيار كلمة المرور؛ وسيُدخلك إلى التطبيق:`,
      '',
      link,
      '',
      `يعمل الرابط حتى ${until} ولمرة واحدة. إذا انتهت صلاحيته فاطلب رابطًا جديدًا من المدرسة.`,
    ],
  },
  'zh-CN': {
    subject: (college) => `${college} 邀请你使用 Patio`,
    lines: ({ firstName, collegeName, link, until }) => [
      `${firstName}，你好：`,
      '',
      `${collegeName} 使用 Patio 发布新闻、活动和消息。打开此链接设置你的密码，随后即可登录：`,
      '',
      link,
      '',
      `链接有效期至 ${until}，仅可使用一次。如已过期，请向学校索取新链接。`,
    ],
  },
};

/** The invitation mail, in the member's language (server/delivery/members.ts `mailLanguageOf`). */
export function invitationMail(input: InvitationMailInput): Mail {
  const chosen = words[input.language];
  return { to: input.to, userId: input.userId, subject: chosen.subject(input.collegeName), text: chosen.lines(input).join('\n') };
}
