import { z } from './zod';

/**
 * Archived reference data (server/structure) stays for what points at it and keeps its name,
 * but is offered for nothing new. Rows of older servers, and rows a device stored before it
 * knew the field, lack it: not archived.
 */
const archived = z.boolean().optional();

/** A campus of a college. */
export const place = z.object({ id: z.string(), name: z.string(), address: z.string(), archived });
export type Place = z.infer<typeof place>;

/** Courses (Básica, Media) contain grades (1° Básico…IV Medio) which contain sections (A, B). */
export const course = z.object({ id: z.string(), name: z.string(), position: z.number().int(), archived });
export type Course = z.infer<typeof course>;

export const grade = z.object({
  id: z.string(),
  course_id: z.string(),
  name: z.string(),
  position: z.number().int(),
  archived,
});
export type Grade = z.infer<typeof grade>;

export const section = z.object({
  id: z.string(),
  grade_id: z.string(),
  name: z.string(),
  place_id: z.string().nullable(),
  archived,
});
export type Section = z.infer<typeof section>;

/**
 * The college record of `POST /api/colleges/domain` and `GET /api/v1/session/college`:
 * every field of the original app plus what Patio needs to brand itself offline
 * (language, logo, host patterns are not exposed). Images are same-origin URLs.
 */
export const college = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  short_name: z.string(),
  acronym: z.string(),
  address: z.string(),
  commune: z.object({ id: z.string(), name: z.string() }),
  email: z.string(),
  phone: z.string(),
  language: z.string(),
  image: z.string(),
  image_menu: z.string(),
  image_splash: z.string(),
  logo: z.string(),
  have_advertising: z.boolean(),
  show_onboarding: z.boolean(),
  app_status_publishing: z.number().int(),
  allow_signup: z.boolean(),
  /** IANA zone of the school's calendar (events are written and shown in it). Cached records from before it existed read the default. */
  time_zone: z.string().default('America/Santiago'),
  setting: z.object({ id: z.string(), theme_color: z.string() }),
  places: z.array(place),
  courses: z.array(course),
  grades: z.array(grade),
  sections: z.array(section),
  created_at: z.string(),
});
export type College = z.infer<typeof college>;

export const collegeDomainRequest = z.object({ domain: z.string().trim().min(1).max(253) });
export type CollegeDomainRequest = z.infer<typeof collegeDomainRequest>;
