import { postScopes, type PostFields, type PostScope } from '../../../contract/posts';
import { audienceToSend } from '../../audience/audienceChoice';

/** What the post form holds while someone types; `published_at` as a datetime-local value. */
export interface PostFormValues {
  title: string;
  content: string;
  category_id: string;
  course_ids: string[];
  grade_ids: string[];
  section_ids: string[];
  scope: PostScope;
  published_at: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the `<input type="datetime-local">` value of this device's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant, or undefined (the server then uses "now"). */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function emptyPostValues(now: Date, categoryId = ''): PostFormValues {
  return {
    title: '',
    content: '',
    category_id: categoryId,
    course_ids: [],
    grade_ids: [],
    section_ids: [],
    scope: 'everyone',
    published_at: toLocalInput(now),
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter(isString) : undefined);

/**
 * Form values from a post or from a refused mutation's args (which may be invalid, that
 * is why they were refused): each field is taken when it has the right type.
 */
export function valuesFrom(source: unknown, fallback: PostFormValues): PostFormValues {
  if (typeof source !== 'object' || source === null) return fallback;
  const s = source as Record<string, unknown>;
  const scope = postScopes.find((candidate) => candidate === s.scope);
  const published = isString(s.published_at) ? new Date(s.published_at) : null;
  return {
    title: isString(s.title) ? s.title : fallback.title,
    content: isString(s.content) ? s.content : fallback.content,
    category_id: isString(s.category_id) ? s.category_id : fallback.category_id,
    course_ids: strings(s.course_ids) ?? fallback.course_ids,
    grade_ids: strings(s.grade_ids) ?? fallback.grade_ids,
    section_ids: strings(s.section_ids) ?? fallback.section_ids,
    scope: scope ?? fallback.scope,
    published_at: published && !Number.isNaN(published.getTime()) ? toLocalInput(published) : fallback.published_at,
  };
}

/**
 * The input of `postFields` validation (the same schema the server applies); a post for the
 * whole school or for staff only names no sections (the form keeps them, should the person
 * switch back).
 */
export function toFieldsInput(values: PostFormValues): Record<keyof PostFields, unknown> {
  return { ...audienceToSend(values), published_at: fromLocalInput(values.published_at) };
}
