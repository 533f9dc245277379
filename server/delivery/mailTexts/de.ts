import type { MailTexts } from '../mailTexts';

/**
 * German (duzen, as in the app's catalog). The school's name is inserted as given, so the
 * sentences make it their subject (or put it before a colon) instead of writing "von ${college}",
 * which would need "vom" or "von der" depending on the name. The kinds are in the accusative
 * (the same as the nominative for all of them) and never open a sentence.
 */
export const german: MailTexts = {
  dir: 'ltr',
  kind: { post: 'Neuigkeit', event: 'Termin', notification: 'Benachrichtigung', emergency: 'Notfallmeldung' },
  kinds: { post: 'Neuigkeiten', event: 'Termine', notification: 'Benachrichtigungen', digest: 'die tägliche Zusammenfassung' },
  subject: (college, title) => `${college}: ${title}`,
  emergencySubject: (college, title) => `${college}: NOTFALLMELDUNG – ${title}`,
  digestSubject: (college, count) => `${college}: Tageszusammenfassung (${count === 1 ? '1 neuer Beitrag' : `${count} neue Beiträge`})`,
  digestIntro: (college, count) =>
    count === 1 ? `${college} hat heute einen neuen Beitrag veröffentlicht.` : `${college} hat heute ${count} neue Beiträge veröffentlicht.`,
  from: (author) => `Von ${author}`,
  when: 'Wann',
  where: 'Wo',
  attachments: 'Anhänge',
  open: 'In Patio öffnen',
  whyImmediate: (college, kinds) => `${college} schickt dir diese E-Mail, weil du ${kinds} per E-Mail erhalten möchtest.`,
  whyDigest: (college) => `${college} schickt dir diese E-Mail, weil du dich für eine E-Mail pro Tag entschieden hast.`,
  whyInactive: (college) => `${college} schickt dir diese E-Mail, weil in letzter Zeit keines deiner Geräte die App geöffnet hat.`,
  whyEmergency: (college) => `${college} sendet Notfallmeldungen immer über alle Kanäle; sie lassen sich nicht abschalten.`,
  unsubscribe: (kinds) => `E-Mails abbestellen: ${kinds}`,
  choose: 'In deinem Profil in Patio legst du fest, wie du erreicht wirst.',
  pages: {
    openPatio: 'Patio öffnen',
    invalidTitle: 'Dieser Link ist ungültig',
    invalidText: 'Möglicherweise wurde er unvollständig kopiert. Es wurde nichts geändert. Öffne Patio, um zu finden, was du gesucht hast.',
    expiredTitle: 'Dieser Link ist abgelaufen',
    expiredText: 'Links in E-Mails sind nur für begrenzte Zeit gültig. Es wurde nichts geändert. Öffne Patio, um zu finden, was du gesucht hast.',
    otherCollegeTitle: 'Dieser Link gehört zu einer anderen Schule',
    otherCollegeText: 'Er wurde unter der Adresse einer anderen Schule geöffnet. Es wurde nichts geändert. Öffne den Link direkt aus der E-Mail.',
    otherMemberTitle: 'Dieser Link ist für eine andere Person bestimmt',
    otherMemberText:
      'In diesem Browser ist eine andere Person bei Patio angemeldet. Es wurde nichts geändert. Melde dich zuerst ab oder öffne den Link in einem anderen Browser.',
    goneTitle: 'Diesen Eintrag gibt es nicht mehr',
    goneText: 'Er wurde gelöscht oder ist nicht mehr an dich gerichtet. Es wurde nichts geändert.',
    unsubscribeTitle: (kinds) => `Möchtest du ${kinds} nicht mehr per E-Mail erhalten?`,
    unsubscribeText: (college, kinds) =>
      `${college} schickt dir dann ${kinds} nicht mehr per E-Mail. In der App findest du weiterhin alles. Notfallmeldungen werden immer gesendet.`,
    unsubscribeButton: 'Diese E-Mails abbestellen',
    unsubscribedTitle: (kinds) => `Erledigt: Du erhältst ${kinds} nicht mehr per E-Mail`,
    unsubscribedText: 'Du kannst das jederzeit in deinem Profil in Patio wieder ändern.',
  },
};
