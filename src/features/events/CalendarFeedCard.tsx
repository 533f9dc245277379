import { useLingui } from '@lingui/react/macro';
import { showToast } from '../../ui/toastStore';
import { CalendarFeedView } from './CalendarFeedView';
import { useCalendarFeed, type FeedAction } from './useCalendarFeed';

/** The profile's calendar link (a section of the profile screen, src/modules/uiModule.ts). */
export function CalendarFeedCard() {
  const { t } = useLingui();
  const { run, retry, ...state } = useCalendarFeed();
  const done: Record<FeedAction, string> = {
    create: t`Your calendar link is ready`,
    regenerate: t`New link made. The old one no longer works.`,
    turnOff: t`Calendar link turned off`,
  };
  const act = (action: FeedAction) => () => void run(action).then((ok) => ok && showToast(done[action]));
  const copy = (address: string) => {
    const copied = navigator.clipboard?.writeText(address) ?? Promise.reject(new Error('no clipboard'));
    copied.then(
      () => showToast(t`Link copied`),
      () => showToast(t`The link could not be copied. Select it and copy it yourself.`, 'error'),
    );
  };
  return <CalendarFeedView {...state} onRetry={retry} onCreate={act('create')} onRegenerate={act('regenerate')} onTurnOff={act('turnOff')} onCopy={copy} />;
}
