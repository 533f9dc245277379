/** The demo tenants and people (fixed, so anyone can try Patio: README "Demo accounts"). */
export const demoPassword = 'patio-demo-2026';

export interface DemoCollege {
  slug: string;
  name: string;
  shortName: string;
  acronym: string;
  address: string;
  communeCode: string;
  commune: string;
  phone: string;
  /** White text on it has at least 4.5:1 contrast (WCAG AA). */
  themeColor: string;
  hostPatterns: string[];
  isDefault: boolean;
  allowSignup: boolean;
  places: { name: string; address: string }[];
  /** First digits of the members' ruts; the check digit is computed. */
  rutBase: number;
}

export const demoColleges: DemoCollege[] = [
  {
    slug: 'british',
    name: "St. George's British School",
    shortName: "St. George's",
    acronym: 'SGBS',
    address: 'Av. Las Condes 12450',
    communeCode: '13114',
    commune: 'Las Condes',
    phone: '+56 2 2345 6700',
    themeColor: '#1d3a6e',
    hostPatterns: ['british'],
    isDefault: false,
    allowSignup: false,
    places: [
      { name: 'Campus Las Condes', address: 'Av. Las Condes 12450' },
      { name: 'Campus Chicureo', address: 'Av. Chicureo 1200' },
    ],
    rutBase: 15_400_100,
  },
  {
    slug: 'colinas',
    name: 'Colegio Las Colinas',
    shortName: 'Las Colinas',
    acronym: 'CLC',
    address: 'Camino Las Colinas 850',
    communeCode: '13110',
    commune: 'La Florida',
    phone: '+56 2 2811 4400',
    themeColor: '#2f7d4f',
    hostPatterns: ['colinas'],
    isDefault: true,
    allowSignup: true,
    places: [
      { name: 'Sede Alta', address: 'Camino Las Colinas 850' },
      { name: 'Sede Valle', address: 'Av. Vicuña Mackenna 7110' },
    ],
    rutBase: 16_700_200,
  },
  {
    slug: 'alianza',
    name: 'Alianza Francesa',
    shortName: 'Alianza',
    acronym: 'AF',
    address: 'Luis Thayer Ojeda 1550',
    communeCode: '13123',
    commune: 'Providencia',
    phone: '+56 2 2234 1600',
    themeColor: '#b3261e',
    hostPatterns: ['alianza'],
    isDefault: false,
    allowSignup: false,
    places: [
      { name: 'Sede Providencia', address: 'Luis Thayer Ojeda 1550' },
      { name: 'Sede Vitacura', address: 'Av. Vitacura 5900' },
    ],
    rutBase: 18_200_300,
  },
];

/** The colinas admin's rut, fixed so it can be typed at the sign-in (README "Demo accounts"). */
export const colinasAdminRut = '12345678-5';

export const demoRoles = ['admin', 'staff', 'student', 'guardian'] as const;

/** Twenty more members per college: [name, first lastname, second lastname, role]. */
export const demoMembers: [string, string, string, 'staff' | 'student' | 'guardian'][] = [
  ['Carolina', 'González', 'Muñoz', 'staff'],
  ['Rodrigo', 'Rojas', 'Díaz', 'staff'],
  ['Francisca', 'Soto', 'Contreras', 'staff'],
  ['Matías', 'Silva', 'Martínez', 'staff'],
  ['Sofía', 'Sepúlveda', 'Morales', 'student'],
  ['Benjamín', 'Fuentes', 'Araya', 'student'],
  ['Isidora', 'Valenzuela', 'Castillo', 'student'],
  ['Agustín', 'Espinoza', 'Tapia', 'student'],
  ['Florencia', 'Reyes', 'Gutiérrez', 'student'],
  ['Vicente', 'Torres', 'Núñez', 'student'],
  ['Emilia', 'Castro', 'Pizarro', 'student'],
  ['Tomás', 'Vargas', 'Álvarez', 'student'],
  ['Josefa', 'Herrera', 'Carrasco', 'guardian'],
  ['Cristóbal', 'Jara', 'Vera', 'guardian'],
  ['Antonia', 'Riquelme', 'Sandoval', 'guardian'],
  ['Joaquín', 'Figueroa', 'Cortés', 'guardian'],
  ['Valentina', 'Navarro', 'Bravo', 'guardian'],
  ['Maximiliano', 'Cáceres', 'Fernández', 'guardian'],
  ['Catalina', 'Pérez', 'Olivares', 'guardian'],
  ['Ignacio', 'Lagos', 'Salinas', 'guardian'],
];

export const demoGrades: { course: string; grades: string[] }[] = [
  { course: 'Básica', grades: ['1° Básico', '2° Básico', '3° Básico', '4° Básico', '5° Básico', '6° Básico', '7° Básico', '8° Básico'] },
  { course: 'Media', grades: ['I Medio', 'II Medio', 'III Medio', 'IV Medio'] },
];

export const demoSectionNames = ['A', 'B'];
