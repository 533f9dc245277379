/**
 * OneRoster sets for the tests and the benchmark: the fixture folders read as files, a
 * set zipped with yazl (a kept zip writer), and a generated roster of any size.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yazl from 'yazl';
import { rosterFiles, type RosterFile } from '../../server/roster/columns';

export type Files = Record<string, string | Buffer>;

/** A fixture folder under tests/fixtures/oneroster/, by file name. */
export function fixtureSet(name: string): Files {
  const dir = join(import.meta.dirname, '../fixtures/oneroster', name);
  return Object.fromEntries(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file))]));
}

export function zipOf(files: Files, options: { compress?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, {
      compress: options.compress ?? true,
      mtime: new Date(Date.UTC(2026, 8, 1)),
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A manifest saying each of Patio's files is `mode` (or absent when not in `present`). */
export function manifest(mode: 'bulk' | 'delta', present: readonly RosterFile[]): string {
  const lines = ['propertyName,value', 'manifest.version,1.0', 'oneroster.version,1.1'];
  for (const file of Object.keys(rosterFiles)) lines.push(`file.${file},${present.includes(file as RosterFile) ? mode : 'absent'}`);
  for (const file of ['categories', 'classResources', 'courseResources', 'demographics', 'lineItems', 'resources', 'results'])
    lines.push(`file.${file},absent`);
  return lines.join('\n') + '\n';
}

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A CSV of one of the six files, every column of the binding, the cells given by name. */
export function csvOf(file: RosterFile, rows: readonly Record<string, string>[]): string {
  const columns = rosterFiles[file].columns as readonly string[];
  return [columns.join(','), ...rows.map((row) => columns.map((c) => quote(row[c] ?? '')).join(','))].join('\n') + '\n';
}

/**
 * A school of `students` students (each with one guardian), `teachers` teachers, and
 * classes of about 25: each student in `perStudent` classes. 5,000 users and 20,000
 * enrollments is `generateRoster({ students: 2400, teachers: 200, perStudent: 8 })`.
 */
export function generateRoster(size: { students: number; teachers: number; perStudent: number; prefix?: string }): Files {
  const p = size.prefix ?? 'gen';
  const when = '2026-09-01T08:00:00.000Z';
  const orgs: Record<string, string>[] = [
    { sourcedId: `${p}-district`, status: 'active', dateLastModified: when, name: 'District', type: 'district' },
    { sourcedId: `${p}-school`, status: 'active', dateLastModified: when, name: `School ${p}`, type: 'school', parentSourcedId: `${p}-district` },
  ];
  const sessions = [
    { sourcedId: `${p}-year`, status: 'active', title: '2026-2027', type: 'schoolYear', startDate: '2026-09-01', endDate: '2027-06-30', schoolYear: '2027' },
  ];
  const gradesCount = 12;
  const courses = Array.from({ length: gradesCount * 4 }, (_, i) => ({
    sourcedId: `${p}-course-${i}`,
    status: 'active',
    title: `Subject ${i % 4} grade ${Math.floor(i / 4) + 1}`,
    grades: String(Math.floor(i / 4) + 1).padStart(2, '0'),
    orgSourcedId: `${p}-school`,
    schoolYearSourcedId: `${p}-year`,
  }));
  const classCount = Math.max(1, Math.ceil((size.students * size.perStudent) / 25));
  const classes = Array.from({ length: classCount }, (_, i) => ({
    sourcedId: `${p}-class-${i}`,
    status: 'active',
    title: `Class ${i}`,
    courseSourcedId: courses[i % courses.length]!.sourcedId,
    classType: 'scheduled',
    schoolSourcedId: `${p}-school`,
    termSourcedIds: `${p}-year`,
  }));
  const users: Record<string, string>[] = [];
  const enrollments: Record<string, string>[] = [];
  for (let t = 0; t < size.teachers; t++) {
    users.push({
      sourcedId: `${p}-t${t}`,
      status: 'active',
      enabledUser: 'true',
      orgSourcedIds: `${p}-school`,
      role: 'teacher',
      username: `t${t}`,
      givenName: `Teacher${t}`,
      familyName: 'Staff',
      email: `t${t}.${p}@school.example`,
    });
  }
  for (let s = 0; s < size.students; s++) {
    users.push({
      sourcedId: `${p}-s${s}`,
      status: 'active',
      enabledUser: 'true',
      orgSourcedIds: `${p}-school`,
      role: 'student',
      username: `s${s}`,
      givenName: `Student${s}`,
      familyName: 'Pupil',
      email: `s${s}.${p}@school.example`,
      agentSourcedIds: `${p}-g${s}`,
    });
    users.push({
      sourcedId: `${p}-g${s}`,
      status: 'active',
      enabledUser: 'true',
      orgSourcedIds: `${p}-school`,
      role: 'parent',
      username: `g${s}`,
      givenName: `Parent${s}`,
      familyName: 'Family',
      email: `g${s}.${p}@home.example`,
      agentSourcedIds: `${p}-s${s}`,
    });
    for (let k = 0; k < size.perStudent; k++) {
      const cls = (s * size.perStudent + k) % classCount;
      enrollments.push({
        sourcedId: `${p}-e${s}-${k}`,
        status: 'active',
        classSourcedId: `${p}-class-${cls}`,
        schoolSourcedId: `${p}-school`,
        userSourcedId: `${p}-s${s}`,
        role: 'student',
      });
    }
  }
  classes.forEach((cls, i) => {
    enrollments.push({
      sourcedId: `${p}-te${i}`,
      status: 'active',
      classSourcedId: cls.sourcedId,
      schoolSourcedId: `${p}-school`,
      userSourcedId: `${p}-t${i % Math.max(1, size.teachers)}`,
      role: 'teacher',
    });
  });
  return {
    'manifest.csv': manifest('bulk', ['orgs', 'academicSessions', 'courses', 'classes', 'users', 'enrollments']),
    'orgs.csv': csvOf('orgs', orgs),
    'academicSessions.csv': csvOf('academicSessions', sessions),
    'courses.csv': csvOf('courses', courses),
    'classes.csv': csvOf('classes', classes),
    'users.csv': csvOf('users', users),
    'enrollments.csv': csvOf('enrollments', enrollments),
  };
}
