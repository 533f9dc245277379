import { archiveArgs, courseArgs, createGradeArgs, createSectionArgs, placeArgs, renameArgs, reorderArgs, updateSectionArgs } from '../../contract/structure';
import type { z } from 'zod';
import { defineMutation, type MutationActor, type MutationHandler } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import * as service from './structureService';

const manage = <A>(name: string, args: z.ZodType<A>, apply: (write: Write, actor: MutationActor, args: A) => Promise<void>): MutationHandler =>
  defineMutation({ name, permission: 'structure.manage', args, apply });

/** places.*, courses.*, grades.*, sections.* as pushed by an administrator's device (contract/structure.ts). */
export const structureMutationHandlers = [
  manage('places.create', placeArgs, service.createPlace),
  manage('places.update', placeArgs, service.updatePlace),
  manage('places.archive', archiveArgs, service.archivePlace),
  manage('courses.create', courseArgs, service.createCourse),
  manage('courses.update', courseArgs, service.renameCourse),
  manage('courses.reorder', reorderArgs, service.reorderCourses),
  manage('courses.archive', archiveArgs, service.archiveCourse),
  manage('grades.create', createGradeArgs, service.createGrade),
  manage('grades.update', renameArgs, service.renameGrade),
  manage('grades.reorder', reorderArgs, service.reorderGrades),
  manage('grades.archive', archiveArgs, service.archiveGrade),
  manage('sections.create', createSectionArgs, service.createSection),
  manage('sections.update', updateSectionArgs, service.updateSection),
  manage('sections.archive', archiveArgs, service.archiveSection),
];
