import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { statisticsBuckets, statisticsPeriod, type StatisticsBucket } from '../../../contract/statistics';
import { useSession } from '../../session/session';
import { useCollege } from '../../tenant/tenantStore';
import { usePageMeta } from '../../tenant/usePageMeta';
import { BackTo } from '../../ui/ScreenStates';
import { useOnline } from '../../ui/useOnline';
import { periodPresets, presetPeriod, todayIn, type PeriodPreset } from './figures';
import { statisticsApi } from './statisticsApi';
import { StatisticsView } from './StatisticsView';
import { useFigure } from './useFigure';

/**
 * `/statistics` (administrators and staff): the figures the server computes, online only.
 * The period and the bucket are in the address (`?period=30`, `?period=custom&from=…&to=…`,
 * `&bucket=week`), so a reload or a shared link shows the same figures.
 */
export function StatisticsScreen() {
  const { t } = useLingui();
  const { user } = useSession();
  const college = useCollege();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  usePageMeta(t`Statistics`);

  const today = todayIn(college.time_zone);
  const asked = params.get('period') as PeriodPreset | null;
  const preset: PeriodPreset = asked && periodPresets.includes(asked) ? asked : '30';
  const fallback = presetPeriod(preset === 'custom' ? '30' : preset, today);
  const from = preset === 'custom' ? (params.get('from') ?? fallback.from) : fallback.from;
  const to = preset === 'custom' ? (params.get('to') ?? fallback.to) : fallback.to;
  const valid = statisticsPeriod.safeParse({ from, to }).success;
  const period = valid ? { from, to } : fallback;
  const askedBucket = params.get('bucket') as StatisticsBucket | null;
  const bucket: StatisticsBucket = askedBucket && statisticsBuckets.includes(askedBucket) ? askedBucket : 'day';

  const isAdmin = user?.role === 'admin';
  const key = `${period.from}/${period.to}`;
  const posts = useFigure(key, online, (on, signal) => statisticsApi.posts(period, on, signal));
  const documents = useFigure(key, online, (on, signal) => statisticsApi.documents(period, on, signal), isAdmin);
  const hours = useFigure(key, online, (on, signal) => statisticsApi.hours(period, on, signal), isAdmin);
  const timeline = useFigure(`${key}/${bucket}`, online, (on, signal) => statisticsApi.timeline(period, bucket, on, signal), isAdmin);
  const members = useFigure(key, online, (on, signal) => statisticsApi.members(period, on, signal), isAdmin);

  const onPeriod = useCallback(
    (change: { preset?: PeriodPreset; from?: string; to?: string }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (change.preset) {
            next.set('period', change.preset);
            if (change.preset === 'custom') {
              next.set('from', from);
              next.set('to', to);
            } else {
              next.delete('from');
              next.delete('to');
            }
          }
          if (change.from) next.set('from', change.from);
          if (change.to) next.set('to', change.to);
          return next;
        },
        { replace: true },
      ),
    [setParams, from, to],
  );
  const onBucket = useCallback(
    (value: StatisticsBucket) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('bucket', value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  if (!user || !can(user.role, 'statistics.read')) {
    return (
      <BackTo to="/app" linkLabel={<Trans>Back to home</Trans>}>
        <Trans>Only administrators and staff can see the statistics.</Trans>
      </BackTo>
    );
  }
  return (
    <div className="page">
      <StatisticsView
        scope={isAdmin ? 'college' : 'own'}
        online={online}
        preset={preset}
        from={period.from}
        to={period.to}
        typedFrom={from}
        typedTo={to}
        periodError={!valid}
        onPeriod={onPeriod}
        bucket={bucket}
        onBucket={onBucket}
        posts={posts}
        documents={documents}
        hours={hours}
        timeline={timeline}
        members={members}
      />
    </div>
  );
}
