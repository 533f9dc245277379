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
  const posts = useFigure(statisticsApi.posts(period));
  const documents = useFigure(statisticsApi.documents(period), isAdmin);
  const hours = useFigure(statisticsApi.hours(period), isAdmin);
  const timeline = useFigure(statisticsApi.timeline(period, bucket), isAdmin);
  const members = useFigure(statisticsApi.members(period), isAdmin);

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
