import { audienceKeys } from '../../contract/audience';
import type { ContactRow, ContactVisibility } from '../../contract/contacts';
import { defineEntity } from '../sync/entity';
import { contacts } from './schema';

export type ContactRecord = typeof contacts.$inferSelect;

/** A contact's audience: every member of the college, or staff and administrators. */
export function keysOfVisibility(visibility: ContactVisibility): string[] {
  return [visibility === 'staff' ? audienceKeys.staff : audienceKeys.college];
}

export function contactToWire(row: ContactRecord): ContactRow {
  return {
    id: row.id,
    college_id: row.collegeId,
    name: row.name,
    title: row.title,
    place_id: row.placeId,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    visibility: row.visibility,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Contacts reach devices with the sync, by their visibility's audience. */
export const contactEntity = defineEntity({ name: 'contacts', table: contacts, toWire: contactToWire });
