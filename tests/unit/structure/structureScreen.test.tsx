import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NewPostScreen } from '../../../src/features/posts/NewPostScreen';
import { StructureScreen } from '../../../src/features/structure/StructureScreen';
import { renderRoutes, seedReferenceData, signInAs } from '../posts/postsTestKit';

async function openStructure(role: 'admin' | 'staff') {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  await db.places.put({ id: 'place-1', name: 'Sede Central', address: 'Av. Colinas 100' });
  renderRoutes(user.id, '/admin/structure', <Route path="/admin/structure" element={<StructureScreen />} />);
  return db;
}

describe('the structure screen', () => {
  it('lists places, the course tree and the post categories for an administrator', async () => {
    await openStructure('admin');
    expect(await screen.findByRole('heading', { name: 'School structure' })).toBeTruthy();
    expect(screen.getByText('Sede Central')).toBeTruthy();
    expect(screen.getByText('Básica')).toBeTruthy();
    expect(screen.getByText('2° Básico')).toBeTruthy();
    expect(screen.getByText('1° B')).toBeTruthy();
    // The posts feature's list, loaded into the screen.
    expect(await screen.findByRole('heading', { name: 'Post categories' })).toBeTruthy();
    expect(screen.getByText('Deportes')).toBeTruthy();
    // Up/down are buttons named after their item; the first cannot go up.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Básica up' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Básica down' }).disabled).toBe(false);
  });

  it('hides an archived section until "Show archived", then shows it with its badge and a Restore', async () => {
    const db = await openStructure('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive 1° B' }));
    await waitFor(() => expect(screen.queryByText('1° B')).toBeNull());
    expect(await db.sections.get('sec-1b')).toMatchObject({ archived: true });
    fireEvent.click(screen.getByLabelText('Show archived'));
    const row = (await screen.findByText('1° B')).closest('li')!;
    expect(within(row).getByText('Archived')).toBeTruthy();
    expect(within(row).getByText('Not sent')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Restore 1° B' })).toBeTruthy();
  });

  it('adds a section to a grade in a small dialog, at a place', async () => {
    const db = await openStructure('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Add section to \u20681° Básico\u2069' }));
    const dialog = await screen.findByRole('dialog', { name: 'New section in \u20681° Básico\u2069' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '1° C' } });
    fireEvent.change(within(dialog).getByLabelText('Place'), { target: { value: 'place-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1° C')).toBeTruthy();
    expect(await db.sections.where('grade_id').equals('grade-1').toArray()).toContainEqual(
      expect.objectContaining({ name: '1° C', place_id: 'place-1', archived: false }),
    );
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['sections.create']);
  });

  it('tells a staff member it is for administrators', async () => {
    await openStructure('staff');
    expect(await screen.findByText('Only administrators can manage the school structure.')).toBeTruthy();
  });
});

describe('the post form', () => {
  it('offers no archived category and no archived section', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    await db.categories.update('cat-sports', { archived: true });
    await db.sections.update('sec-1b', { archived: true });
    renderRoutes(user.id, '/blog/new-post', <Route path="/blog/new-post" element={<NewPostScreen />} />);
    const category = await screen.findByLabelText<HTMLSelectElement>('Category');
    expect([...category.options].map((option) => option.text)).toEqual(['Choose a category', 'Noticias']);
    const sections = screen.getByRole('group', { name: 'Grades and sections' });
    expect(within(sections).queryByText('1° B')).toBeNull();
    expect(within(sections).getByText('1° A')).toBeTruthy();
  });
});
