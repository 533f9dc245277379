import { memberFields, type MemberFields } from '../../../contract/members';
import type { Role } from '../../../contract/permissions';
import { validateWith, type Validated } from '../../forms/fieldErrors';

/** What the member form holds while an administrator writes (every field a string or a list). */
export interface MemberFormValues {
  name: string;
  first_lastname: string;
  second_lastname: string;
  email: string;
  rut: string;
  phone: string;
  birthdate: string;
  role: Role | '';
  place_id: string;
  section_ids: string[];
  child_ids: string[];
  status: 'active' | 'disabled';
}

export const emptyMemberValues = (): MemberFormValues => ({
  name: '',
  first_lastname: '',
  second_lastname: '',
  email: '',
  rut: '',
  phone: '',
  birthdate: '',
  role: '',
  place_id: '',
  section_ids: [],
  child_ids: [],
  status: 'active',
});

/** The form's values from stored fields (a member, or a refused change's arguments). */
export function valuesFrom(fields: Partial<MemberFields> | null | undefined, base: MemberFormValues): MemberFormValues {
  if (!fields) return base;
  return {
    name: fields.name ?? base.name,
    first_lastname: fields.first_lastname ?? base.first_lastname,
    second_lastname: fields.second_lastname ?? base.second_lastname,
    email: fields.email ?? base.email,
    rut: fields.rut ?? base.rut,
    phone: fields.phone ?? base.phone,
    birthdate: fields.birthdate ?? base.birthdate,
    role: fields.role ?? base.role,
    place_id: fields.place_id ?? base.place_id,
    section_ids: fields.section_ids ?? base.section_ids,
    child_ids: fields.child_ids ?? base.child_ids,
    status: fields.status ?? base.status,
  };
}

/**
 * Checked with `memberFields`, the schema the server applies, every message on its field at
 * once. Only guardians send children; an empty place is none.
 */
export function validateMember(values: MemberFormValues): Validated<MemberFields> {
  return validateWith(memberFields, {
    ...values,
    role: values.role === '' ? undefined : values.role,
    place_id: values.place_id === '' ? null : values.place_id,
    child_ids: values.role === 'guardian' ? values.child_ids : [],
  });
}
