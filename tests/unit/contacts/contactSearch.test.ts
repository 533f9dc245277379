import { describe, expect, it } from 'vitest';
import { updatePending } from '../../../src/db/searchIndex';
import { contactQueryWords, queryContacts } from '../../../src/features/contacts/contactQueries';
import { contactsSearch, contactWordsOf, phoneTails } from '../../../src/features/contacts/contactWords';
import { aContact, contactsUser, storeContacts } from './contactsTestKit';

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('searching the directory on the device', () => {
  it('indexes a phone by every run of its digits and an email whole and by its parts', () => {
    expect(phoneTails('+56 2 2345')).toEqual(['5622345', '622345', '22345', '2345', '345']);
    const words = contactWordsOf(aContact({ name: 'Enfermería', title: 'Enfermera', email: 'Enfermeria@Colinas.test', phone: '(9) 8765-4321' }));
    expect(words).toEqual(expect.arrayContaining(['enfermeria', 'enfermera', 'colinas', 'test', 'enfermeria@colinas.test', '987654321', '54321']));
    expect(contactQueryWords('  2345 6789 ')).toEqual(['23456789']);
    expect(contactQueryWords('Dirección oficina')).toEqual(['direccion', 'oficina']);
    expect(contactQueryWords('secretaria@colinas.te')).toEqual(['secretaria@colinas.te']);
  });

  it('finds contacts by a piece of the name, title, email or phone, in name order, accents and spacing aside', async () => {
    const { db } = await contactsUser('guardian');
    await storeContacts(db, [
      aContact({ name: 'Secretaría', title: 'Atención de apoderados', email: 'secretaria@colinas.test', phone: '+56 2 2345 6789' }),
      aContact({ name: 'Enfermería', title: 'Enfermera: Carolina Muñoz', email: 'enfermeria@colinas.test', phone: '+56 9 8765 4321' }),
      aContact({ name: 'Dirección', title: 'Oficina del director', email: 'direccion@colinas.test', phone: '+56 2 2345 6700' }),
    ]);
    expect(names(await queryContacts(db, ''))).toEqual(['Dirección', 'Enfermería', 'Secretaría']);
    expect(names(await queryContacts(db, 'enfer'))).toEqual(['Enfermería']);
    expect(names(await queryContacts(db, 'munoz'))).toEqual(['Enfermería']);
    expect(names(await queryContacts(db, 'Oficina DIREC'))).toEqual(['Dirección']);
    expect(names(await queryContacts(db, 'secretaria@colinas'))).toEqual(['Secretaría']);
    expect(names(await queryContacts(db, '2345 67'))).toEqual(['Dirección', 'Secretaría']);
    expect(names(await queryContacts(db, '87654321'))).toEqual(['Enfermería']);
    expect(names(await queryContacts(db, '+56 9 8765-4321'))).toEqual(['Enfermería']);
    expect(await queryContacts(db, 'biblioteca')).toEqual([]);
  });

  it('never misses a synced contact still waiting for its words, and forgets the old words of one changed since', async () => {
    const { db } = await contactsUser('student');
    const nurse = aContact({ name: 'Enfermería' });
    await storeContacts(db, [nurse]);
    // A pull kept it (a reset) and changed it; the engine has not indexed it again yet.
    await db.transaction('rw', [db.contacts, db.meta], async () => {
      await db.contacts.put({ ...nurse, name: 'Primeros auxilios' });
      await updatePending(db, contactsSearch, [nurse.id]);
    });
    expect(names(await queryContacts(db, 'auxilios'))).toEqual(['Primeros auxilios']);
    expect(await queryContacts(db, 'enfermeria')).toEqual([]);
  });
});
