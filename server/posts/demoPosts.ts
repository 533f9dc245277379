import type { PostScope } from '../../contract/posts';

/** Demo post categories, the same in every college. */
export const demoCategories = [
  { slug: 'noticias', name: 'Noticias' },
  { slug: 'comunicados', name: 'Comunicados' },
  { slug: 'deportes', name: 'Deportes' },
  { slug: 'cultura', name: 'Cultura' },
  { slug: 'academico', name: 'Académico' },
  { slug: 'comunidad', name: 'Comunidad' },
] as const;

export type DemoCategorySlug = (typeof demoCategories)[number]['slug'];

/**
 * Who a demo post is for: every section, the sections of one course (by name), of one
 * grade (by name), or one section ("1° Básico A").
 */
export type DemoTarget = { all: true } | { course: string } | { grade: string } | { section: string };

export interface DemoPost {
  title: string;
  category: DemoCategorySlug;
  scope: PostScope;
  target: DemoTarget;
  daysAgo: number;
  views: number;
  paragraphs: string[];
}

const all = { all: true } as const;

export const demoPosts: DemoPost[] = [
  {
    title: 'Bienvenida al año escolar',
    category: 'noticias',
    scope: 'everyone',
    target: all,
    daysAgo: 118,
    views: 214,
    paragraphs: [
      'Damos la más cordial bienvenida a todas las familias, estudiantes y funcionarios a este nuevo año escolar.',
      'Este año renovamos las salas de la sede, sumamos talleres extraprogramáticos y estrenamos esta aplicación para mantenernos comunicados.',
      '¡Les deseamos un excelente comienzo!',
    ],
  },
  {
    title: 'Horario de ingreso y salida',
    category: 'comunicados',
    scope: 'guardians',
    target: all,
    daysAgo: 115,
    views: 187,
    paragraphs: [
      'Recordamos que el ingreso es a las <strong>8:00</strong> y la salida, según el nivel, entre las 13:15 y las 16:30.',
      'Les pedimos puntualidad y respetar la zona de detención breve frente al acceso principal.',
    ],
  },
  {
    title: 'Reunión de apoderados de 1° Básico',
    category: 'comunicados',
    scope: 'guardians',
    target: { grade: '1° Básico' },
    daysAgo: 109,
    views: 42,
    paragraphs: [
      'Citamos a los apoderados de 1° Básico a la primera reunión del año, el jueves a las 19:00 en la sala de cada curso.',
      'Trataremos el plan lector, las salidas pedagógicas y la elección de la directiva.',
    ],
  },
  {
    title: 'Consejo de profesores: planificación del semestre',
    category: 'academico',
    scope: 'staff',
    target: all,
    daysAgo: 104,
    views: 18,
    paragraphs: [
      'El consejo de profesores se reunirá el miércoles a las 16:45 en la biblioteca.',
      'Cada departamento debe traer su calendario de evaluaciones y los requerimientos de material.',
    ],
  },
  {
    title: 'Inicio de los talleres extraprogramáticos',
    category: 'cultura',
    scope: 'everyone',
    target: all,
    daysAgo: 98,
    views: 163,
    paragraphs: [
      'Este lunes comienzan los talleres de teatro, robótica, ajedrez, coro y fotografía.',
      'Las inscripciones siguen abiertas en secretaría hasta completar los cupos.',
      '<ul><li>Teatro: lunes y miércoles</li><li>Robótica: martes</li><li>Ajedrez: jueves</li></ul>',
    ],
  },
  {
    title: 'Campeonato interescolar de fútbol',
    category: 'deportes',
    scope: 'everyone',
    target: { course: 'Media' },
    daysAgo: 92,
    views: 131,
    paragraphs: [
      'Nuestra selección de Enseñanza Media debuta este sábado en el campeonato interescolar comunal.',
      '¡Los esperamos en la cancha para alentar al equipo!',
    ],
  },
  {
    title: 'Calendario de evaluaciones de I Medio',
    category: 'academico',
    scope: 'students',
    target: { grade: 'I Medio' },
    daysAgo: 88,
    views: 57,
    paragraphs: ['Publicamos el calendario de evaluaciones del primer semestre para I Medio.', 'Ante cualquier duda, consulten a su profesor jefe.'],
  },
  {
    title: 'Semana de la Convivencia Escolar',
    category: 'comunidad',
    scope: 'everyone',
    target: all,
    daysAgo: 81,
    views: 149,
    paragraphs: [
      'Durante esta semana realizaremos actividades en los recreos y en orientación para fortalecer el buen trato.',
      '<em>Una comunidad que se cuida es una comunidad que aprende.</em>',
    ],
  },
  {
    title: 'Vacunación escolar',
    category: 'comunicados',
    scope: 'guardians',
    target: { course: 'Básica' },
    daysAgo: 76,
    views: 121,
    paragraphs: [
      'El centro de salud familiar vendrá a vacunar a los estudiantes de 1° a 8° Básico el próximo martes.',
      'Si no desea que su hijo o hija sea vacunado, envíe el formulario de rechazo firmado al profesor jefe.',
    ],
  },
  {
    title: 'Salida pedagógica al Museo de Historia Natural',
    category: 'academico',
    scope: 'everyone',
    target: { grade: '4° Básico' },
    daysAgo: 70,
    views: 38,
    paragraphs: [
      'Los cursos de 4° Básico visitarán el Museo Nacional de Historia Natural el viernes.',
      'Deben traer colación, agua y la autorización firmada.',
    ],
  },
  {
    title: 'Turnos de patio y almuerzo',
    category: 'comunicados',
    scope: 'staff',
    target: all,
    daysAgo: 66,
    views: 22,
    paragraphs: ['Adjuntamos los turnos de patio y de comedor para este mes. Revisen su asignación y avisen cambios a inspectoría.'],
  },
  {
    title: 'Feria científica',
    category: 'academico',
    scope: 'everyone',
    target: all,
    daysAgo: 60,
    views: 176,
    paragraphs: [
      'La feria científica se realizará en el gimnasio con proyectos de todos los niveles.',
      'Las familias están invitadas a recorrer los stands entre las 10:00 y las 13:00.',
    ],
  },
  {
    title: 'Resultados de la corrida familiar',
    category: 'deportes',
    scope: 'everyone',
    target: all,
    daysAgo: 54,
    views: 139,
    paragraphs: [
      'Más de trescientas personas participaron en la corrida familiar. ¡Gracias por acompañarnos!',
      'Los resultados por categoría están disponibles en inspectoría.',
    ],
  },
  {
    title: 'Tareas de la semana de 1° Básico A',
    category: 'academico',
    scope: 'students',
    target: { section: '1° Básico A' },
    daysAgo: 49,
    views: 24,
    paragraphs: [
      'Esta semana leeremos el cuento «El estofado del lobo» y practicaremos sumas hasta 20.',
      'Recuerden traer el cuaderno de caligrafía el miércoles.',
    ],
  },
  {
    title: 'Aniversario del colegio',
    category: 'comunidad',
    scope: 'everyone',
    target: all,
    daysAgo: 43,
    views: 201,
    paragraphs: [
      'Celebraremos nuestro aniversario con una semana de alianzas, competencias y un acto central el viernes.',
      'Ese día la jornada termina a las 13:00.',
    ],
  },
  {
    title: 'Orientación vocacional para IV Medio',
    category: 'academico',
    scope: 'students',
    target: { grade: 'IV Medio' },
    daysAgo: 38,
    views: 44,
    paragraphs: [
      'Se abren las entrevistas de orientación vocacional para IV Medio.',
      'Inscríbanse con la orientadora; también habrá una charla sobre becas y créditos.',
    ],
  },
  {
    title: 'Concierto del coro',
    category: 'cultura',
    scope: 'everyone',
    target: all,
    daysAgo: 33,
    views: 97,
    paragraphs: ['El coro del colegio presentará su concierto de invierno en el auditorio municipal. Entrada liberada.'],
  },
  {
    title: 'Actualización del reglamento interno',
    category: 'comunicados',
    scope: 'guardians',
    target: all,
    daysAgo: 29,
    views: 112,
    paragraphs: [
      'Publicamos la versión actualizada del reglamento interno y del protocolo de convivencia.',
      'Pueden leerlo en la sección de documentos. Las consultas se reciben en <a href="mailto:contacto@colegio.test">contacto@colegio.test</a>.',
    ],
  },
  {
    title: 'Capacitación docente en evaluación formativa',
    category: 'academico',
    scope: 'staff',
    target: all,
    daysAgo: 24,
    views: 15,
    paragraphs: ['El viernes en la tarde tendremos la capacitación en evaluación formativa. Asistencia obligatoria para docentes.'],
  },
  {
    title: 'Final de básquetbol',
    category: 'deportes',
    scope: 'everyone',
    target: { course: 'Media' },
    daysAgo: 19,
    views: 88,
    paragraphs: ['Nuestro equipo femenino de básquetbol jugará la final comunal el jueves a las 17:00. ¡Vamos con todo!'],
  },
  {
    title: 'Campaña solidaria de invierno',
    category: 'comunidad',
    scope: 'everyone',
    target: all,
    daysAgo: 15,
    views: 121,
    paragraphs: [
      'Reunimos frazadas, ropa de abrigo y alimentos no perecibles para el hogar de ancianos de la comuna.',
      'Pueden dejar sus aportes en la portería hasta el viernes.',
    ],
  },
  {
    title: 'Cambio de menú en el casino',
    category: 'noticias',
    scope: 'everyone',
    target: { course: 'Básica' },
    daysAgo: 11,
    views: 73,
    paragraphs: ['A partir del lunes el casino ofrecerá una opción vegetariana diaria. El menú mensual está en el diario mural.'],
  },
  {
    title: 'Muestra de teatro de 2° Básico B',
    category: 'cultura',
    scope: 'guardians',
    target: { section: '2° Básico B' },
    daysAgo: 7,
    views: 19,
    paragraphs: ['Invitamos a las familias de 2° Básico B a la muestra de teatro del taller, el martes a las 12:00 en la sala multiuso.'],
  },
  {
    title: 'Suspensión de clases por jornada de reflexión',
    category: 'comunicados',
    scope: 'everyone',
    target: all,
    daysAgo: 4,
    views: 156,
    paragraphs: [
      'El próximo viernes no habrá clases por la jornada de reflexión docente.',
      'El colegio permanecerá abierto para los estudiantes que lo necesiten, con atención de inspectoría.',
    ],
  },
  {
    title: 'Nuevos libros en la biblioteca',
    category: 'noticias',
    scope: 'everyone',
    target: all,
    daysAgo: 1,
    views: 34,
    paragraphs: [
      'Llegaron más de cien títulos nuevos a la biblioteca, entre ellos novelas juveniles, cómics y libros de ciencia.',
      '<blockquote>Leer es soñar con los ojos abiertos.</blockquote>',
    ],
  },
];

/** A demo post's HTML: its paragraphs, each in a `<p>` unless it is already markup. */
export function demoPostContent(post: DemoPost): string {
  return post.paragraphs.map((text) => (text.startsWith('<') ? text : `<p>${text}</p>`)).join('');
}
