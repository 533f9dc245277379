import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ContactVisibility } from '../../contract/contacts';
import { uuidv7 } from '../../contract/ids';
import { nextAudience } from '../audience/visibility';
import { places } from '../db/schema';
import type { SeededCollege } from '../feature';
import type { Write } from '../sync/writeInCollege';
import { keysOfVisibility } from './contactEntities';
import { contacts } from './schema';

interface DemoContact {
  name: string;
  title: string;
  email: string;
  phone: string;
  notes: string;
  visibility: ContactVisibility;
  /** At the college's first place. */
  atPlace: boolean;
}

const demoContacts = (slug: string): DemoContact[] => [
  {
    name: 'Secretaría',
    title: 'Atención de apoderados',
    email: `secretaria@${slug}.test`,
    phone: '+56 2 2345 6789',
    notes: 'Lunes a viernes, 8:00 a 17:00.',
    visibility: 'all',
    atPlace: true,
  },
  {
    name: 'Dirección',
    title: 'Oficina del director',
    email: `direccion@${slug}.test`,
    phone: '+56 2 2345 6700',
    notes: 'Entrevistas con hora, pedidas en secretaría.',
    visibility: 'all',
    atPlace: true,
  },
  {
    name: 'Enfermería',
    title: 'Enfermera: Carolina Muñoz',
    email: `enfermeria@${slug}.test`,
    phone: '+56 9 8765 4321',
    notes: 'Primeros auxilios durante la jornada.',
    visibility: 'all',
    atPlace: true,
  },
  {
    name: 'Inspectoría general',
    title: 'Atrasos, retiros y justificativos',
    email: `inspectoria@${slug}.test`,
    phone: '(2) 2345 6710',
    notes: '',
    visibility: 'all',
    atPlace: false,
  },
  {
    name: 'Mantención',
    title: 'Soporte del edificio',
    email: '',
    phone: '+56 9 5555 0101',
    notes: 'Solo para el personal: averías y llaves.',
    visibility: 'staff',
    atPlace: false,
  },
];

/** A small directory for a demo college: four offices everyone may call, one for staff only. */
export async function seedDemoContacts(write: Write, college: SeededCollege): Promise<void> {
  const [place] = await write.tx
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.collegeId, write.collegeId), isNull(places.deletedAt)))
    .orderBy(asc(places.name))
    .limit(1);
  const now = new Date();
  await write.tx.insert(contacts).values(
    demoContacts(college.slug).map(({ atPlace, ...contact }) => {
      const keys = nextAudience(keysOfVisibility(contact.visibility));
      return {
        id: uuidv7(),
        collegeId: write.collegeId,
        ...contact,
        placeId: atPlace ? (place?.id ?? null) : null,
        createdAt: now,
        updatedAt: now,
        ...keys,
        seq: write.stamp(keys.seenKeys),
      };
    }),
  );
}
