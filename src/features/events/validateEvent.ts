import { requireSections } from '../../../contract/audience';
import { checkEventTimes, eventFields, type EventFields, type EventFieldsInput } from '../../../contract/events';
import { z } from '../../../contract/zod';
import { validateWith, type Validated } from '../../forms/fieldErrors';

/** What the form always sends: every field of the right type (the values may still be wrong). */
export type EventFormInput = Required<EventFieldsInput>;

/**
 * The cross-field checks of `eventFields` (sections, start and end, repetition) on their
 * own. zod skips an object's refinements once a field has the wrong kind of value (no
 * category chosen yet), so the form runs them again beside it: every message at once.
 */
const crossFieldChecks = z.custom<EventFormInput>().superRefine((value, ctx) => {
  requireSections(value, ctx);
  checkEventTimes(value, ctx);
});

/** The form's fields validated as the server will, with every message on its field. */
export function validateEvent(input: EventFormInput): Validated<EventFields> {
  const checked = validateWith(eventFields, input);
  if (checked.ok) return checked;
  const crossChecked = validateWith(crossFieldChecks, input);
  return { ok: false, errors: crossChecked.ok ? checked.errors : { ...crossChecked.errors, ...checked.errors } };
}
