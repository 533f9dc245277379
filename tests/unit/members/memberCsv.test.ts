import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { importColumns } from '../../../contract/members';
import { columnOf, membersAsImportRows, parseMembersCsv, toCsv } from '../../../src/features/members/memberCsv';
import { errorRowsForCsv, fileLine } from '../../../src/features/members/ImportView';
import { aMember } from './membersTestKit';

describe('members in CSV files', () => {
  it('maps English and Spanish headers in any case, with or without accents, and ignores others', () => {
    expect(columnOf('Nombre', importColumns)).toBe('name');
    expect(columnOf('  APELLIDO PATERNO ', importColumns)).toBe('first_lastname');
    expect(columnOf('Correo Electrónico', importColumns)).toBe('email');
    expect(columnOf('Teléfono', importColumns)).toBe('phone');
    expect(columnOf('first lastname', importColumns)).toBe('first_lastname');
    expect(columnOf('Sección', importColumns)).toBe('sections');
    expect(columnOf('Comuna', importColumns)).toBeNull();
  });

  it('reads a Spanish Excel file: byte-order mark, semicolons, quoted cells with separators and line breaks', () => {
    const text =
      '\uFEFFNombre;Apellido paterno;Correo;RUT;Rol;Curso;Comuna\r\n"Peña; Ana";Núñez;ana@correo.test;12.345.678-5;apoderado;"1° Básico A";Viña\r\n\r\nLuis;"Soto\nRíos";luis@correo.test;;alumno;;\r\n';
    const parsed = parseMembersCsv(text, importColumns);
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.rows[0]).toMatchObject({
      name: 'Peña; Ana',
      first_lastname: 'Núñez',
      email: 'ana@correo.test',
      rut: '12.345.678-5',
      role: 'apoderado',
      sections: '1° Básico A',
      phone: '',
    });
    expect(parsed.rows[1]).toMatchObject({ name: 'Luis', first_lastname: 'Soto\nRíos', role: 'alumno' });
    expect(parsed.unknownHeaders).toEqual(['Comuna']);
    expect(parsed.missingColumns).toEqual(['second_lastname', 'phone', 'birthdate', 'place', 'children']);
  });

  it('exports with the import’s columns and a byte-order mark, so an export imports again', () => {
    const child = aMember({ name: 'Tomás', rut: '11.111.111-1', section_ids: ['sec-1a'] });
    const guardian = aMember({
      name: 'Ana',
      first_lastname: 'Núñez',
      email: 'ana@correo.test',
      role: 'guardian',
      place_id: 'place-centro',
      child_ids: [child.id],
      section_ids: ['sec-1a', 'sec-2a'],
    });
    const reference = {
      places: [{ id: 'place-centro', name: 'Sede Centro', address: '' }],
      sections: [
        { id: 'sec-1a', label: '1° Básico A' },
        { id: 'sec-2a', label: '2° Básico A' },
      ],
    };
    const csv = toCsv(membersAsImportRows([guardian, child], { rows: [guardian, child], reference }));
    expect(csv.startsWith('\uFEFFname,first_lastname,second_lastname,email,rut,phone,birthdate,role,place,sections,children\r\n')).toBe(true);
    const again = parseMembersCsv(csv, importColumns);
    expect(again.unknownHeaders).toEqual([]);
    expect(again.missingColumns).toEqual([]);
    // The guardian's own section only: 1° A comes with the child.
    expect(again.rows[0]).toMatchObject({ name: 'Ana', role: 'guardian', place: 'Sede Centro', sections: '2° Básico A', children: '11.111.111-1' });
    expect(again.rows[1]).toMatchObject({ name: 'Tomás', rut: '11.111.111-1', sections: '1° Básico A', children: '' });
  });

  it('writes the rows with errors back as a file with what to fix, numbered as in the file', () => {
    const parsed = parseMembersCsv('name,email,rut\nAna,ana@correo.test,1-9\nLuis,luis@correo.test,\n', importColumns);
    const rows = errorRowsForCsv(
      parsed,
      { valid: 1, created: 0, rows: [{ line: 0, errors: { rut: ['Please enter a valid RUT'] } }] },
      (message) => `«${message}»`,
    );
    expect(rows).toEqual([expect.objectContaining({ name: 'Ana', rut: '1-9', errors: 'rut: «Please enter a valid RUT»' })]);
    const file = Papa.parse<Record<string, string>>(toCsv(rows, ['errors']).slice(1), { header: true });
    expect(file.data[0]?.errors).toBe('rut: «Please enter a valid RUT»');
    expect(fileLine(0)).toBe(2);
  });
});
