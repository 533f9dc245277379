import type { MailTexts } from '../mailTexts';

/**
 * Mexican Spanish: the Spanish texts with tú, "colegio" kept, "expiró" for a link, and the kinds
 * (which carry their own article for the daily summary) placed so that every one of them reads
 * correctly ("recibir eventos por correo", "recibir el resumen diario por correo").
 */
export const mexicanSpanish: MailTexts = {
  dir: 'ltr',
  kind: { post: 'Noticia', event: 'Evento', notification: 'Notificación', emergency: 'Alerta de emergencia' },
  kinds: { post: 'noticias', event: 'eventos', notification: 'notificaciones', digest: 'el resumen diario' },
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
  whyDigest: (college) => `Recibes este correo porque elegiste recibir un correo al día de ${college}.`,
  whyInactive: (college) => `Recibes este correo porque ninguno de tus dispositivos ha abierto la aplicación de ${college} últimamente.`,
  whyEmergency: (college) => `Las alertas de emergencia de ${college} llegan siempre por todos los canales y no se pueden desactivar.`,
  unsubscribe: (kinds) => `Dejar de recibir ${kinds} por correo`,
  choose: 'Elige cómo te llegan los avisos en tu perfil de Patio.',
  pages: {
    openPatio: 'Abrir Patio',
    invalidTitle: 'Este enlace no es válido',
    invalidText: 'Es posible que se haya copiado incompleto. No se cambió nada. Abre Patio para encontrar lo que buscabas.',
    expiredTitle: 'Este enlace ya expiró',
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
      `${college} dejará de enviarte ${kinds} por correo. Seguirás encontrando todo en la aplicación. Las alertas de emergencia se envían siempre.`,
    unsubscribeButton: 'Dejar de recibir estos correos',
    unsubscribedTitle: (kinds) => `Listo: ya no recibirás ${kinds} por correo`,
    unsubscribedText: 'Puedes volver a elegir cuando quieras en tu perfil de Patio.',
  },
};
