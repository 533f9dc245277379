import type { MailTexts } from '../mailTexts';

/**
 * French (vouvoiement, as in the app's catalog). The school's name is inserted as given, so
 * the sentences make it their subject (or put it before a colon) instead of writing "de ${college}",
 * which would need "du", "d’" or "de l’" depending on the name. Narrow no-break spaces (U+202F)
 * go before : ? ! as French typography wants.
 */
export const french: MailTexts = {
  dir: 'ltr',
  kind: { post: 'Actualité', event: 'Événement', notification: 'Notification', emergency: 'Alerte d’urgence' },
  kinds: { post: 'les actualités', event: 'les événements', notification: 'les notifications', digest: 'le résumé quotidien' },
  subject: (college, title) => `${college}\u202f: ${title}`,
  emergencySubject: (college, title) => `${college}\u202f: ALERTE D’URGENCE — ${title}`,
  digestSubject: (college, count) => `${college}\u202f: résumé du jour (${count} ${count < 2 ? 'nouveauté' : 'nouveautés'})`,
  digestIntro: (college, count) => (count < 2 ? `${college} a publié une nouveauté aujourd’hui.` : `${college} a publié ${count} nouveautés aujourd’hui.`),
  from: (author) => `Par ${author}`,
  when: 'Quand',
  where: 'Où',
  attachments: 'Pièces jointes',
  open: 'Ouvrir dans Patio',
  whyImmediate: (college, kinds) => `${college} vous envoie cet e-mail, car vous avez choisi de recevoir ${kinds} par e-mail.`,
  whyDigest: (college) => `${college} vous envoie cet e-mail, car vous avez choisi de recevoir un seul e-mail par jour.`,
  whyInactive: (college) => `${college} vous envoie cet e-mail, car aucun de vos appareils n’a ouvert son application récemment.`,
  whyEmergency: (college) => `${college} envoie toujours ses alertes d’urgence par tous les canaux, et elles ne peuvent pas être désactivées.`,
  unsubscribe: (kinds) => `Ne plus recevoir ${kinds} par e-mail`,
  choose: 'Dans votre profil Patio, choisissez comment recevoir vos messages.',
  pages: {
    openPatio: 'Ouvrir Patio',
    invalidTitle: 'Ce lien n’est pas valide',
    invalidText: 'Il a peut-être été copié de façon incomplète. Rien n’a été modifié. Ouvrez Patio pour trouver ce que vous cherchiez.',
    expiredTitle: 'Ce lien a expiré',
    expiredText:
      'Les liens contenus dans les e-mails ne fonctionnent que pendant une durée limitée. Rien n’a été modifié. Ouvrez Patio pour trouver ce que vous cherchiez.',
    otherCollegeTitle: 'Ce lien concerne un autre établissement',
    otherCollegeText: 'Il a été ouvert à l’adresse d’un autre établissement. Rien n’a été modifié. Ouvrez le lien directement depuis l’e-mail.',
    otherMemberTitle: 'Ce lien est destiné à quelqu’un d’autre',
    otherMemberText:
      'Ce navigateur est connecté à Patio avec le compte d’une autre personne. Rien n’a été modifié. Déconnectez-vous d’abord, ou ouvrez le lien dans un autre navigateur.',
    goneTitle: 'Cet élément n’existe plus',
    goneText: 'Il a été supprimé ou ne vous est plus destiné. Rien n’a été modifié.',
    unsubscribeTitle: (kinds) => `Ne plus recevoir ${kinds} par e-mail\u202f?`,
    unsubscribeText: (college, kinds) =>
      `${college} ne vous enverra plus ${kinds} par e-mail. Vous retrouverez tout dans l’application. Les alertes d’urgence sont toujours envoyées.`,
    unsubscribeButton: 'Ne plus recevoir ces e-mails',
    unsubscribedTitle: (kinds) => `C’est fait\u202f: vous ne recevrez plus ${kinds} par e-mail`,
    unsubscribedText: 'Vous pouvez modifier ce choix à tout moment dans votre profil Patio.',
  },
};
