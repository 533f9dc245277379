import { asc, eq } from 'drizzle-orm';
import type { College } from '../../contract/college';
import { matchCollege } from '../../contract/tenant';
import type { Database } from '../db/client';
import { colleges, courses, grades, places, sections } from '../db/schema';

export type CollegeRow = typeof colleges.$inferSelect;

/**
 * The colleges, cached in memory: every request resolves its college from the Host header
 * without a query. The cache reloads after `ttlMs` (so a college added by the CLI or by
 * another process appears), when a host matches nothing (at most every `missRetryMs`), and
 * at once when this process calls `invalidate()`. A reload after `ttlMs` runs in the
 * background, the rows it replaces answering meanwhile: under load its query waits behind
 * every request queued for the database, and awaiting it would stall the whole process.
 */
export class CollegeDirectory {
  private rows: CollegeRow[] = [];
  private records = new Map<string, College>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 30_000,
    private readonly missRetryMs = 2_000,
  ) {}

  invalidate(): void {
    this.loadedAt = 0;
  }

  async forHost(host: string): Promise<CollegeRow | undefined> {
    await this.fresh(this.ttlMs, 'in the background');
    const found = this.match(host);
    if (found) return found;
    await this.fresh(this.missRetryMs, 'now');
    return this.match(host);
  }

  async byId(id: string): Promise<CollegeRow | undefined> {
    await this.fresh(this.ttlMs, 'in the background');
    return this.rows.find((row) => row.id === id);
  }

  /** The full record of `POST /api/colleges/domain` (docs/features/colleges.md), cached with the rows. */
  async record(row: CollegeRow): Promise<College> {
    const cached = this.records.get(row.id);
    if (cached) return cached;
    const record = await buildRecord(this.db, row);
    this.records.set(row.id, record);
    return record;
  }

  private match(host: string): CollegeRow | undefined {
    return matchCollege(
      host,
      this.rows.map((row) => ({ slug: row.slug, hostPatterns: row.hostPatterns, isDefault: row.isDefault, row })),
    )?.row;
  }

  /** Reloads rows older than `maxAgeMs`; waits for it only when asked to, or when no usable rows are loaded. */
  private async fresh(maxAgeMs: number, when: 'now' | 'in the background'): Promise<void> {
    if (Date.now() - this.loadedAt < maxAgeMs) return;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    // A failed background reload is tried again by the next request.
    if (when === 'in the background' && this.loadedAt > 0) return void this.loading.catch(() => undefined);
    await this.loading;
  }

  private async load(): Promise<void> {
    const rows = await this.db.select().from(colleges).orderBy(asc(colleges.slug));
    this.rows = rows;
    this.records = new Map();
    this.loadedAt = Date.now();
  }
}

async function buildRecord(db: Database, row: CollegeRow): Promise<College> {
  const [placeRows, courseRows, gradeRows, sectionRows] = await Promise.all([
    db.select().from(places).where(eq(places.collegeId, row.id)).orderBy(asc(places.name)),
    db.select().from(courses).where(eq(courses.collegeId, row.id)).orderBy(asc(courses.position)),
    db.select().from(grades).where(eq(grades.collegeId, row.id)).orderBy(asc(grades.position)),
    db.select().from(sections).where(eq(sections.collegeId, row.id)).orderBy(asc(sections.id)),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    short_name: row.shortName,
    acronym: row.acronym,
    address: row.address,
    commune: { id: row.communeCode, name: row.commune },
    email: row.email,
    phone: row.phone,
    language: row.language,
    image: row.image,
    image_menu: row.imageMenu,
    image_splash: row.imageSplash,
    logo: row.logo,
    have_advertising: row.haveAdvertising,
    show_onboarding: row.showOnboarding,
    app_status_publishing: row.appStatusPublishing,
    allow_signup: row.allowSignup,
    time_zone: row.timeZone,
    // The original app had a separate settings row; ours lives on the college.
    setting: { id: row.id, theme_color: row.themeColor },
    places: placeRows.map((p) => ({ id: p.id, name: p.name, address: p.address, archived: p.archivedAt !== null })),
    courses: courseRows.map((c) => ({ id: c.id, name: c.name, position: c.position, archived: c.archivedAt !== null })),
    grades: gradeRows.map((g) => ({ id: g.id, course_id: g.courseId, name: g.name, position: g.position, archived: g.archivedAt !== null })),
    sections: sectionRows.map((s) => ({ id: s.id, grade_id: s.gradeId, name: s.name, place_id: s.placeId, archived: s.archivedAt !== null })),
    created_at: row.createdAt.toISOString(),
  };
}
