import { notificationFields, type NotificationFields } from '../../../contract/notifications';
import { audienceToSend, type AudienceChoice } from '../../audience/audienceChoice';
import { validateWith, type Validated } from '../../forms/fieldErrors';

/** What the form holds while someone writes. */
export interface NotificationFormValues extends AudienceChoice {
  title: string;
  content: string;
  emergency: boolean;
}

export const emptyNotificationValues = (): NotificationFormValues => ({
  title: '',
  content: '',
  emergency: false,
  course_ids: [],
  grade_ids: [],
  section_ids: [],
  scope: 'everyone',
});

/**
 * The form's values checked with `notificationFields`, the schema the server applies: every
 * message at once, each on its field (the sections rule runs beside the others, as none of
 * the fields can have the wrong kind of value). Whole-college and staff audiences send no
 * sections. Someone who may not send alerts never sends the flag.
 */
export function validateNotification(values: NotificationFormValues, mayAlert: boolean): Validated<NotificationFields> {
  const { course_ids, grade_ids, section_ids, scope } = audienceToSend(values);
  return validateWith(notificationFields, {
    title: values.title,
    content: values.content,
    emergency: mayAlert && values.emergency,
    course_ids,
    grade_ids,
    section_ids,
    scope,
  });
}
