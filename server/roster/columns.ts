/**
 * The OneRoster 1.1 CSV binding's files and columns (1EdTech, "OneRoster 1.1 CSV Tables"),
 * in the standard's order. `required` are the columns a file must have and fill; the others
 * are optional columns, which a file may leave out or leave empty. The fixtures in
 * tests/fixtures/oneroster/ carry every column listed here.
 */
export const rosterFiles = {
  orgs: {
    required: ['sourcedId', 'name', 'type'],
    columns: ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  },
  academicSessions: {
    required: ['sourcedId', 'title', 'type', 'startDate', 'endDate', 'schoolYear'],
    columns: ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
  },
  courses: {
    required: ['sourcedId', 'title', 'orgSourcedId'],
    columns: ['sourcedId', 'status', 'dateLastModified', 'schoolYearSourcedId', 'title', 'courseCode', 'grades', 'orgSourcedId', 'subjects', 'subjectCodes'],
  },
  classes: {
    required: ['sourcedId', 'title', 'courseSourcedId', 'classType', 'schoolSourcedId', 'termSourcedIds'],
    columns: [
      'sourcedId',
      'status',
      'dateLastModified',
      'title',
      'grades',
      'courseSourcedId',
      'classCode',
      'classType',
      'location',
      'schoolSourcedId',
      'termSourcedIds',
      'subjects',
      'subjectCodes',
      'periods',
    ],
  },
  users: {
    required: ['sourcedId', 'enabledUser', 'orgSourcedIds', 'role', 'username', 'givenName', 'familyName'],
    columns: [
      'sourcedId',
      'status',
      'dateLastModified',
      'enabledUser',
      'orgSourcedIds',
      'role',
      'username',
      'userIds',
      'givenName',
      'familyName',
      'middleName',
      'identifier',
      'email',
      'sms',
      'phone',
      'agentSourcedIds',
      'grades',
      'password',
    ],
  },
  enrollments: {
    required: ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'],
    columns: ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary', 'beginDate', 'endDate'],
  },
} as const satisfies Record<string, { required: readonly string[]; columns: readonly string[] }>;

export type RosterFile = keyof typeof rosterFiles;
export const rosterFileNames = Object.keys(rosterFiles) as RosterFile[];

/**
 * Files the manifest may name that Patio reads no further than the manifest (demographics
 * and the grade book's files): present or absent, their content is ignored.
 */
export const ignoredFiles = ['demographics', 'categories', 'classResources', 'courseResources', 'lineItems', 'resources', 'results'] as const;
