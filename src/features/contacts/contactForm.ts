import { contactFields, type ContactFields, type ContactRow, type ContactVisibility } from '../../../contract/contacts';
import { validateWith, type Validated } from '../../forms/fieldErrors';

/** What the form holds: every field as typed (a place of '' is none). */
export interface ContactFormValues {
  name: string;
  title: string;
  place_id: string;
  email: string;
  phone: string;
  notes: string;
  visibility: ContactVisibility;
}

export const emptyContactValues: ContactFormValues = { name: '', title: '', place_id: '', email: '', phone: '', notes: '', visibility: 'all' };

/** A stored contact, or a refused change's arguments, as the form's values. */
export function valuesFrom(
  source: Partial<ContactRow> | Record<string, unknown> | null | undefined,
  fallback: ContactFormValues = emptyContactValues,
): ContactFormValues {
  if (!source) return fallback;
  const read = (key: keyof ContactFormValues): string => {
    const value = (source as Record<string, unknown>)[key];
    if (value === null) return '';
    return typeof value === 'string' ? value : fallback[key];
  };
  return {
    name: read('name'),
    title: read('title'),
    place_id: read('place_id'),
    email: read('email'),
    phone: read('phone'),
    notes: read('notes'),
    visibility: read('visibility') === 'staff' ? 'staff' : 'all',
  };
}

/** The form's values checked on the device with the schema the server applies, every message on its field. */
export function validateContact(values: ContactFormValues): Validated<ContactFields> {
  return validateWith(contactFields, { ...values, place_id: values.place_id || null });
}
