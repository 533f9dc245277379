import type { MailLanguage } from '../../contract/delivery';
import type { LinkKind } from './links';
import { arabic } from './mailTexts/ar';
import { german } from './mailTexts/de';
import { mexicanSpanish } from './mailTexts/esMX';
import { french } from './mailTexts/fr';
import { simplifiedChinese } from './mailTexts/zhCN';

/**
 * What the server writes to a member about items (emails, digests and the pages their links
 * open), in each of the app's languages (contract/delivery.ts `mailLanguages`). The items'
 * own titles and texts stay as their authors wrote them.
 */
export interface MailTexts {
  /** Text direction of the language. */
  dir: 'ltr' | 'rtl';
  /** What kind of item it is, as a label above its title. */
  kind: Record<'post' | 'event' | 'notification' | 'emergency', string>;
  /** The kind in a sentence: "news", "events", "notifications". */
  kinds: Record<LinkKind, string>;
  subject: (college: string, title: string) => string;
  emergencySubject: (college: string, title: string) => string;
  digestSubject: (college: string, count: number) => string;
  digestIntro: (college: string, count: number) => string;
  from: (author: string) => string;
  when: string;
  where: string;
  attachments: string;
  /** The button that opens the item in the app. */
  open: string;
  /** Why this mail came. */
  whyImmediate: (college: string, kinds: string) => string;
  whyDigest: (college: string) => string;
  whyInactive: (college: string) => string;
  whyEmergency: (college: string) => string;
  /** The footer's link to stop these mails. */
  unsubscribe: (kinds: string) => string;
  choose: string;
  /** The pages links open. */
  pages: {
    openPatio: string;
    invalidTitle: string;
    invalidText: string;
    expiredTitle: string;
    expiredText: string;
    otherCollegeTitle: string;
    otherCollegeText: string;
    otherMemberTitle: string;
    otherMemberText: string;
    goneTitle: string;
    goneText: string;
    unsubscribeTitle: (kinds: string) => string;
    unsubscribeText: (college: string, kinds: string) => string;
    unsubscribeButton: string;
    unsubscribedTitle: (kinds: string) => string;
    unsubscribedText: string;
  };
}

const english: MailTexts = {
  dir: 'ltr',
  kind: { post: 'News', event: 'Event', notification: 'Notification', emergency: 'Emergency alert' },
  kinds: { post: 'news', event: 'events', notification: 'notifications', digest: 'the daily summary' },
  subject: (college, title) => `${college}: ${title}`,
  emergencySubject: (college, title) => `${college}: EMERGENCY ALERT — ${title}`,
  digestSubject: (college, count) => `${college}: today’s summary (${count} new)`,
  digestIntro: (college, count) => (count === 1 ? `${college} published one new item today.` : `${college} published ${count} new items today.`),
  from: (author) => `From ${author}`,
  when: 'When',
  where: 'Where',
  attachments: 'Attachments',
  open: 'Open in Patio',
  whyImmediate: (college, kinds) => `You get this email because you chose to receive ${kinds} from ${college} by email.`,
  whyDigest: (college) => `You get this email because you chose one email a day from ${college}.`,
  whyInactive: (college) => `You get this email because none of your devices has opened ${college}’s app lately.`,
  whyEmergency: (college) => `Emergency alerts from ${college} always go to every channel and cannot be turned off.`,
  unsubscribe: (kinds) => `Stop emails about ${kinds}`,
  choose: 'Choose how you are reached in your profile in Patio.',
  pages: {
    openPatio: 'Open Patio',
    invalidTitle: 'This link is not valid',
    invalidText: 'It may have been copied incompletely. Nothing was changed. Open Patio to find what you were looking for.',
    expiredTitle: 'This link has expired',
    expiredText: 'Links in emails work for a limited time. Nothing was changed. Open Patio to find what you were looking for.',
    otherCollegeTitle: 'This link is for another school',
    otherCollegeText: 'It was opened at the address of another school. Nothing was changed. Open the link from the email itself.',
    otherMemberTitle: 'This link is for someone else',
    otherMemberText: 'This browser is signed in to Patio as another person. Nothing was changed. Sign out first, or open the link in another browser.',
    goneTitle: 'This item no longer exists',
    goneText: 'It was deleted or is no longer addressed to you. Nothing was changed.',
    unsubscribeTitle: (kinds) => `Stop emails about ${kinds}?`,
    unsubscribeText: (college, kinds) => `${college} will stop emailing you ${kinds}. You will still find them in the app. Emergency alerts are always sent.`,
    unsubscribeButton: 'Stop these emails',
    unsubscribedTitle: (kinds) => `Done: no more emails about ${kinds}`,
    unsubscribedText: 'You can choose again at any time in your profile in Patio.',
  },
};

const spanish: MailTexts = {
  dir: 'ltr',
  kind: { post: 'Noticia', event: 'Evento', notification: 'Notificación', emergency: 'Alerta de emergencia' },
  kinds: { post: 'las noticias', event: 'los eventos', notification: 'las notificaciones', digest: 'el resumen diario' },
  subject: (college, title) => `${college}: ${title}`,
  emergencySubject: (college, title) => `${college}: ALERTA DE EMERGENCIA — ${title}`,
  digestSubject: (college, count) => `${college}: resumen del día (${count} ${count === 1 ? 'novedad' : 'novedades'})`,
  digestIntro: (college, count) => (count === 1 ? `${college} publicó una novedad hoy.` : `${college} publicó ${count} novedades hoy.`),
  from: (author) => `De ${author}`,
  when: 'Cuándo',
  where: 'Dónde',
  attachments: 'Adjuntos',
  open: 'Abrir en Patio',
  whyImmediate: (college, kinds) => `Recibes este correo porque elegiste recibir por correo ${kinds} de ${college}.`,
  whyDigest: (college) => `Recibes este correo porque elegiste un correo al día de ${college}.`,
  whyInactive: (college) => `Recibes este correo porque ninguno de tus dispositivos ha abierto la aplicación de ${college} últimamente.`,
  whyEmergency: (college) => `Las alertas de emergencia de ${college} llegan siempre por todos los canales y no se pueden desactivar.`,
  unsubscribe: (kinds) => `Dejar de recibir ${kinds} por correo`,
  choose: 'Elige cómo te llegan los avisos en tu perfil de Patio.',
  pages: {
    openPatio: 'Abrir Patio',
    invalidTitle: 'Este enlace no es válido',
    invalidText: 'Puede que se haya copiado incompleto. No se cambió nada. Abre Patio para encontrar lo que buscabas.',
    expiredTitle: 'Este enlace ha caducado',
    expiredText: 'Los enlaces de los correos funcionan durante un tiempo limitado. No se cambió nada. Abre Patio para encontrar lo que buscabas.',
    otherCollegeTitle: 'Este enlace es de otro colegio',
    otherCollegeText: 'Se abrió en la dirección de otro colegio. No se cambió nada. Abre el enlace desde el propio correo.',
    otherMemberTitle: 'Este enlace es para otra persona',
    otherMemberText:
      'Este navegador tiene abierta la sesión de Patio de otra persona. No se cambió nada. Cierra esa sesión primero o abre el enlace en otro navegador.',
    goneTitle: 'Esto ya no existe',
    goneText: 'Se eliminó o ya no está dirigido a ti. No se cambió nada.',
    unsubscribeTitle: (kinds) => `¿Dejar de recibir ${kinds} por correo?`,
    unsubscribeText: (college, kinds) =>
      `${college} dejará de enviarte por correo ${kinds}. Seguirás encontrando todo en la aplicación. Las alertas de emergencia se envían siempre.`,
    unsubscribeButton: 'Dejar de recibir estos correos',
    unsubscribedTitle: (kinds) => `Listo: ya no recibirás ${kinds} por correo`,
    unsubscribedText: 'Puedes volver a elegir cuando quieras en tu perfil de Patio.',
  },
};

const texts: Record<MailLanguage, MailTexts> = {
  en: english,
  es: spanish,
  'es-MX': mexicanSpanish,
  fr: french,
  de: german,
  ar: arabic,
  'zh-CN': simplifiedChinese,
};

export const mailTextsFor = (language: MailLanguage): MailTexts => texts[language];

/** A date and time for a mail, in the reader's language and the college's zone. */
export function mailDateTime(
  instant: Date,
  language: MailLanguage,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' },
): string {
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(instant);
  } catch {
    return instant.toISOString();
  }
}
