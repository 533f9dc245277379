import { describe, expect, it } from 'vitest';
import { offeredOptions, groupSections } from '../../../src/audience/audienceGroups';
import { archiveCategory, createCategory, moveCategory } from '../../../src/features/posts/categoryWrites';
import { offeredCategories } from '../../../src/features/posts/categoryChoice';
import * as writes from '../../../src/features/structure/structureWrites';
import { structureTree } from '../../../src/features/structure/structureTree';
import { seedReferenceData, signInAs } from '../posts/postsTestKit';

describe('the structure written on the device', () => {
  it('adds a section offline: the row and its outbox entry in one go, last of nothing but its grade', async () => {
    const { db } = await signInAs('admin');
    await seedReferenceData(db);
    const placeId = await writes.createPlace(db, 'Sede Sur', 'Camino 5');
    const sectionId = await writes.createSection(db, 'grade-1', 'C', placeId);
    expect(await db.sections.get(sectionId)).toEqual({ id: sectionId, grade_id: 'grade-1', name: 'C', place_id: placeId, archived: false });
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.name, e.entity, e.entityId, e.status])).toEqual([
      ['places.create', 'places', placeId, 'queued'],
      ['sections.create', 'sections', sectionId, 'queued'],
    ]);
    expect(entries[1]!.args).toEqual({ id: sectionId, grade_id: 'grade-1', name: 'C', place_id: placeId });
  });

  it('puts a new course and grade last, and sends a move as the whole new order', async () => {
    const { db } = await signInAs('admin');
    await seedReferenceData(db);
    const courseId = await writes.createCourse(db, 'Prebásica');
    expect((await db.courses.get(courseId))?.position).toBe(3);
    const gradeId = await writes.createGrade(db, 'course-basica', '3° Básico');
    expect((await db.grades.get(gradeId))?.position).toBe(3);
    const siblings = [{ id: 'grade-1' }, { id: 'grade-2' }, { id: gradeId }];
    await writes.move(db, 'grades', siblings, gradeId, -1);
    const last = await db.outbox.orderBy('seq').last();
    expect(last).toMatchObject({ name: 'grades.reorder', args: { ids: ['grade-1', gradeId, 'grade-2'] }, entityId: gradeId });
    expect((await db.grades.bulkGet(['grade-1', gradeId, 'grade-2'])).map((g) => g?.position)).toEqual([0, 1, 2]);
    // The first cannot go up: nothing is queued.
    expect(await writes.move(db, 'grades', siblings, 'grade-1', -1)).toBeNull();
  });

  it('archives and restores, keeping the row', async () => {
    const { db } = await signInAs('admin');
    await seedReferenceData(db);
    await writes.archive(db, 'sections', 'sec-1b', true);
    expect(await db.sections.get('sec-1b')).toMatchObject({ name: '1° B', archived: true });
    await writes.archive(db, 'sections', 'sec-1b', false);
    expect(await db.sections.get('sec-1b')).toMatchObject({ archived: false });
    expect((await db.outbox.toArray()).map((e) => e.args)).toEqual([
      { id: 'sec-1b', archived: true },
      { id: 'sec-1b', archived: false },
    ]);
  });

  it('adds, moves and archives post categories through the outbox', async () => {
    const { db } = await signInAs('admin');
    await seedReferenceData(db);
    const id = await createCategory(db, 'Cultura y Artes');
    expect(await db.categories.get(id)).toEqual({ id, slug: 'cultura-y-artes', name: 'Cultura y Artes', position: 3, archived: false });
    const shown = await db.categories.orderBy('position').toArray();
    await moveCategory(db, shown, id, -1);
    expect((await db.categories.orderBy('position').toArray()).map((c) => c.id)).toEqual(['cat-news', id, 'cat-sports']);
    await archiveCategory(db, 'cat-sports', true);
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['categories.create', 'categories.reorder', 'categories.archive']);
  });
});

describe('what pickers offer', () => {
  const options = {
    courses: [
      { id: 'c1', name: 'Básica', position: 0 },
      { id: 'c2', name: 'Media', position: 1, archived: true },
    ],
    grades: [
      { id: 'g1', course_id: 'c1', name: '1°', position: 0 },
      { id: 'g2', course_id: 'c1', name: '2°', position: 1, archived: true },
      { id: 'g3', course_id: 'c2', name: 'I°', position: 0 },
    ],
    sections: [
      { id: 's1a', grade_id: 'g1', name: 'A', place_id: null },
      { id: 's1b', grade_id: 'g1', name: 'B', place_id: null, archived: true },
      { id: 's2a', grade_id: 'g2', name: 'A', place_id: null },
      { id: 's3a', grade_id: 'g3', name: 'A', place_id: null },
    ],
  };

  it('leaves out archived sections and those of archived grades and courses', () => {
    const groups = groupSections(offeredOptions(options, []));
    expect(groups.map((group) => [group.course.id, group.grades.map((g) => [g.grade.id, g.sections.map((s) => s.id)])])).toEqual([['c1', [['g1', ['s1a']]]]]);
  });

  it('keeps what an item has already chosen, so an edit does not lose it', () => {
    const groups = groupSections(offeredOptions(options, ['s1b', 's3a']));
    expect(groups.flatMap((group) => group.grades.flatMap((g) => g.sections.map((s) => s.id)))).toEqual(['s1a', 's1b', 's3a']);
  });

  it('offers no archived category but the one a post has', () => {
    const categories = [{ id: 'a', archived: false }, { id: 'b', archived: true }, { id: 'c' }];
    expect(offeredCategories(categories, '').map((c) => c.id)).toEqual(['a', 'c']);
    expect(offeredCategories(categories, 'b').map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('lists the structure for the admin screen with or without archived items', () => {
    const rows = { places: [{ id: 'p', name: 'Sede', address: '', archived: true }], ...options };
    const hidden = structureTree(rows, false);
    expect(hidden.places).toEqual([]);
    expect(hidden.courses.map((c) => [c.course.id, c.grades.map((g) => [g.grade.id, g.sections.map((s) => s.id)])])).toEqual([['c1', [['g1', ['s1a']]]]]);
    const shown = structureTree(rows, true);
    expect(shown.courses.map((c) => c.course.id)).toEqual(['c1', 'c2']);
    expect(shown.courses[0]!.grades.map((g) => g.sections.map((s) => s.id))).toEqual([['s1a', 's1b'], ['s2a']]);
  });
});
