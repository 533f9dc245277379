import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { Role } from '../../../contract/permissions';
import type { EntryHoursResponse, EntryTimelineResponse, MembersByRoleRow, StatisticsBucket, TopDocument, TopPost } from '../../../contract/statistics';
import { statisticsBuckets } from '../../../contract/statistics';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { Chart, type ChartSeries } from './Chart';
import { FigureTableView } from './FigureTableView';
import { csvFileName, periodPresets, type FigureTable, type PeriodPreset } from './figures';
import type { FigureState } from './useFigure';

export interface StatisticsViewProps {
  /** Administrators see the college's figures; staff only the reads of their own posts. */
  scope: 'college' | 'own';
  online: boolean;
  preset: PeriodPreset;
  from: string;
  to: string;
  /** The custom period as typed (shown in its fields even when invalid). */
  typedFrom: string;
  typedTo: string;
  /** The custom period is invalid (end before start, over two years). */
  periodError: boolean;
  onPeriod: (change: { preset?: PeriodPreset; from?: string; to?: string }) => void;
  bucket: StatisticsBucket;
  onBucket: (bucket: StatisticsBucket) => void;
  posts: FigureState<TopPost[]>;
  documents: FigureState<TopDocument[]>;
  hours: FigureState<EntryHoursResponse>;
  timeline: FigureState<EntryTimelineResponse>;
  members: FigureState<MembersByRoleRow[]>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The tables a member opened stay open while the figures reload (another period, another bucket). */
const openTables = new Set<string>();

/** The statistics screen as drawn: the period, then each figure as a chart, a table and its CSV. */
export function StatisticsView(props: StatisticsViewProps) {
  const { t } = useLingui();
  const { scope } = props;
  // Each date isolated left to right, so in Arabic a date keeps its order (the period still reads right to left).
  const from = `\u2066${props.from}\u2069`;
  const to = `\u2066${props.to}\u2069`;
  const presetLabels: Record<PeriodPreset, string> = {
    '7': t`Last 7 days`,
    '30': t`Last 30 days`,
    '90': t`Last 90 days`,
    year: t`This year`,
    custom: t`Custom period`,
  };
  const bucketLabels: Record<StatisticsBucket, string> = { day: t`Per day`, week: t`Per week`, month: t`Per month` };
  // Plural, as the others: "Staff" alone is also the singular role (a member's badge).
  const roleLabels: Record<Role, string> = {
    admin: t`Administrators`,
    staff: t({ message: 'Staff', context: 'members of the role, plural' }),
    student: t`Students`,
    guardian: t`Guardians`,
  };
  const stale = [props.posts, props.documents, props.hours, props.timeline, props.members].some((s) => s.status === 'ready' && s.stale);
  const file = (what: string) => csvFileName(what, props.from, props.to);
  const zoneNote = (zone: string) => t`Sign-ins and app opens, by hour in the school's time zone (${zone}).`;
  const timelineNote = (zone: string) => t`Entries, members who entered and new members, in the school's time zone (${zone}).`;
  const timelineCaption = (grouping: string) => t`Entries over time (${grouping}), ${from} – ${to}`;

  return (
    <div className="statistics-screen">
      <header className="statistics-header">
        <h1>
          <Trans>Statistics</Trans>
        </h1>
        <p className="muted">
          {scope === 'college' ? (
            <Trans>Reads, downloads and entries to the app of the school.</Trans>
          ) : (
            <Trans>How many members read your publications.</Trans>
          )}
        </p>
      </header>

      <form className="statistics-period" onSubmit={(event) => event.preventDefault()}>
        <Select
          label={t`Period`}
          value={props.preset}
          options={periodPresets.map((value) => ({ value, label: presetLabels[value] }))}
          onChange={(event) => props.onPeriod({ preset: event.target.value as PeriodPreset })}
        />
        {props.preset === 'custom' ? (
          <>
            <DateField label={t`From`} value={props.typedFrom} onChange={(value) => props.onPeriod({ from: value })} />
            <DateField label={t`To`} value={props.typedTo} onChange={(value) => props.onPeriod({ to: value })} />
          </>
        ) : null}
        {props.periodError ? (
          <p className="field-error" role="alert">
            <Trans>Choose a period of at most two years, its end not before its start.</Trans>
          </p>
        ) : null}
      </form>

      {!props.online ? (
        <p className="statistics-notice" role="status">
          {stale ? (
            <Trans>You are offline: these are the figures loaded earlier in this session.</Trans>
          ) : (
            <Trans>You are offline. Statistics are computed by the server: connect to see them.</Trans>
          )}
        </p>
      ) : stale ? (
        <p className="statistics-notice" role="status">
          <Trans>The server could not be reached: these are the figures loaded earlier in this session.</Trans>
        </p>
      ) : null}

      <Figure title={scope === 'college' ? t`Most read posts` : t`Reads of my posts`} state={props.posts}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">
              <Trans>No post was read in this period.</Trans>
            </p>
          ) : (
            <RankedTable
              table={{
                caption: scope === 'college' ? t`Most read posts, ${from} – ${to}` : t`Reads of my posts, ${from} – ${to}`,
                columns: [{ label: t`Post` }, { label: t`Readers in the period`, numeric: true }, { label: t`Readers in all`, numeric: true }],
                rows: rows.map((p) => [p.title, p.views, p.total_views]),
              }}
              fileName={file('posts')}
            />
          )
        }
      </Figure>
      <p className="statistics-note muted">
        <Trans>A read is a member opening a publication for the first time: the same count as the views on News.</Trans>
      </p>

      {scope === 'college' ? (
        <>
          <Figure title={t`Most downloaded documents`} state={props.documents}>
            {(rows) =>
              rows.length === 0 ? (
                <p className="muted">
                  <Trans>No document was downloaded in this period.</Trans>
                </p>
              ) : (
                <RankedTable
                  table={{
                    caption: t`Most downloaded documents, ${from} – ${to}`,
                    columns: [{ label: t`Document` }, { label: t`Downloads in the period`, numeric: true }, { label: t`Downloads in all`, numeric: true }],
                    rows: rows.map((d) => [d.title, d.downloads, d.total_downloads]),
                  }}
                  fileName={file('documents')}
                />
              )
            }
          </Figure>

          <Figure title={t`Entries by hour of the day`} state={props.hours}>
            {(hours) => (
              <ChartAndTable
                kind="bars"
                note={zoneNote(hours.time_zone)}
                labels={hours.data.map((h) => pad(h.hour))}
                series={[{ label: t`Entries`, values: hours.data.map((h) => h.entries), color: '--chart-1' }]}
                table={{
                  caption: t`Entries by hour of the day, ${from} – ${to}`,
                  columns: [{ label: t`Hour` }, { label: t`Entries`, numeric: true }],
                  rows: hours.data.map((h) => [`${pad(h.hour)}:00`, h.entries]),
                }}
                fileName={file('hours')}
              />
            )}
          </Figure>

          <Figure
            title={t`Entries over time`}
            state={props.timeline}
            action={
              <div className="statistics-buckets" role="group" aria-label={t`Group by`}>
                {statisticsBuckets.map((bucket) => (
                  <button
                    key={bucket}
                    type="button"
                    className="statistics-bucket"
                    aria-pressed={props.bucket === bucket}
                    onClick={() => props.onBucket(bucket)}
                  >
                    {bucketLabels[bucket]}
                  </button>
                ))}
              </div>
            }
          >
            {(timeline) => (
              <ChartAndTable
                kind="lines"
                note={timelineNote(timeline.time_zone)}
                labels={timeline.data.map((r) => (timeline.bucket === 'month' ? r.start.slice(0, 7) : r.start.slice(5)))}
                series={[
                  { label: t`Entries`, values: timeline.data.map((r) => r.entries), color: '--chart-1' },
                  { label: t`Members who entered`, values: timeline.data.map((r) => r.members), color: '--chart-2', dashed: true },
                  { label: t`New members`, values: timeline.data.map((r) => r.new_members), color: '--chart-3' },
                ]}
                table={{
                  caption: timelineCaption(bucketLabels[timeline.bucket]),
                  columns: [
                    { label: timeline.bucket === 'day' ? t`Day` : timeline.bucket === 'week' ? t`Week from` : t`Month` },
                    { label: t`Entries`, numeric: true },
                    { label: t`Members who entered`, numeric: true },
                    { label: t`New members`, numeric: true },
                  ],
                  rows: timeline.data.map((r) => [timeline.bucket === 'month' ? r.start.slice(0, 7) : r.start, r.entries, r.members, r.new_members]),
                }}
                fileName={file(`entries-${timeline.bucket}`)}
              />
            )}
          </Figure>

          <Figure title={t`Active members by role`} state={props.members}>
            {(rows) => (
              <ChartAndTable
                kind="bars"
                horizontal
                tableOpen
                note={t`Active accounts, and those of them that entered the app in the period.`}
                labels={rows.map((r) => roleLabels[r.role])}
                series={[
                  { label: t`Members`, values: rows.map((r) => r.members), color: '--chart-muted' },
                  { label: t`Entered in the period`, values: rows.map((r) => r.active), color: '--chart-1' },
                ]}
                table={{
                  caption: t`Active members by role, ${from} – ${to}`,
                  columns: [{ label: t`Role` }, { label: t`Members`, numeric: true }, { label: t`Entered in the period`, numeric: true }],
                  rows: rows.map((r) => [roleLabels[r.role], r.members, r.active]),
                }}
                fileName={file('members')}
              />
            )}
          </Figure>
        </>
      ) : null}
    </div>
  );
}

function DateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField label={label} name={label} type="date" valueDir="ltr" value={value} onChange={(event) => event.target.value && onChange(event.target.value)} />
  );
}

function Figure<T>({ title, state, action, children }: { title: string; state: FigureState<T>; action?: ReactNode; children: (data: T) => ReactNode }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <section className="statistics-figure" aria-labelledby={id} aria-busy={state.status === 'loading'}>
      <div className="statistics-figure-head">
        <h2 id={id}>{title}</h2>
        {action}
      </div>
      {state.status === 'ready' ? (
        children(state.data)
      ) : state.status === 'loading' ? (
        <Spinner label={t`Loading`} />
      ) : state.status === 'offline' ? (
        <p className="muted">
          <Trans>Not loaded: you are offline.</Trans>
        </p>
      ) : (
        <p className="muted" role="alert">
          <Trans>These figures could not be loaded. Try again later.</Trans>
        </p>
      )}
    </section>
  );
}

/** A top list: the table is the figure, each title with a bar of its share of the first. */
function RankedTable({ table, fileName }: { table: FigureTable; fileName: string }) {
  const top = Math.max(1, ...table.rows.map((row) => Number(row[1])));
  return (
    <FigureTableView
      table={table}
      fileName={fileName}
      bar={(row) => (
        <span className="statistics-bar" aria-hidden="true">
          <span style={{ inlineSize: `${(Number(row[1]) / top) * 100}%` }} />
        </span>
      )}
    />
  );
}

function ChartAndTable({
  kind,
  horizontal = false,
  note,
  labels,
  series,
  table,
  fileName,
  tableOpen = false,
}: {
  kind: 'bars' | 'lines';
  horizontal?: boolean;
  note: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  table: FigureTable;
  fileName: string;
  tableOpen?: boolean;
}) {
  const { t } = useLingui();
  const tableKey = kind + note;
  return (
    <>
      <p className="muted statistics-note">{note}</p>
      <Chart kind={kind} horizontal={horizontal} labels={labels} series={series} label={table.caption} />
      {tableOpen ? (
        <FigureTableView table={table} fileName={fileName} />
      ) : (
        <details
          className="statistics-details"
          open={openTables.has(tableKey)}
          onToggle={(event) => (event.currentTarget.open ? openTables.add(tableKey) : openTables.delete(tableKey))}
        >
          <summary>{t`Show the figures as a table`}</summary>
          <FigureTableView table={table} fileName={fileName} />
        </details>
      )}
    </>
  );
}
