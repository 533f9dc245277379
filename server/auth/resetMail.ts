import type { Mail } from '../mail/mailer';

interface ResetMailInput {
  to: string;
  collegeName: string;
  language: string;
  link: string;
}

/** The recovery mail, in the college's language when we have it (es), else English. */
export function resetMail({ to, collegeName, language, link }: ResetMailInput): Mail {
  if (language.startsWith('es')) {
    return {
      to,
      subject: `${collegeName}: restablece tu contraseña`,
      text: [
        'Hola:',
        '',
        `Recibimos una solicitud para restablecer tu contraseña de ${collegeName}.`,
        'Abre este enlace para elegir una nueva (vale por 60 minutos y se puede usar una sola vez):',
        '',
        link,
        '',
        'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${collegeName}: reset your password`,
    text: [
      'Hello,',
      '',
      `We received a request to reset your ${collegeName} password.`,
      'Open this link to choose a new one (it works for 60 minutes, once):',
      '',
      link,
      '',
      'If you did not ask for it, ignore this mail: your password stays the same.',
    ].join('\n'),
  };
}
