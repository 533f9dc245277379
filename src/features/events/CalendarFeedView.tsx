import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { formatShortDate } from '../../i18n/formatDate';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import type { CalendarFeedState } from './useCalendarFeed';
import { OfflineNote, OnlineBody } from '../../online/OnlineBody';

export interface CalendarFeedViewProps extends Omit<CalendarFeedState, 'run' | 'retry'> {
  onRetry: () => void;
  onCreate: () => void;
  onRegenerate: () => void;
  onTurnOff: () => void;
  onCopy: (address: string) => void;
}

/**
 * The calendar link on the profile: none yet (make one), or its address to copy or to
 * subscribe to, a new address (the old one stops working) or none (turned off).
 */
export function CalendarFeedView({ load, online, busy, actionError, onRetry, onCreate, onRegenerate, onTurnOff, onCopy }: CalendarFeedViewProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [confirming, setConfirming] = useState<'regenerate' | 'turnOff' | null>(null);

  const body = (
    <OnlineBody load={load} online={online} loadingLabel={t`Loading your calendar link…`} onRetry={onRetry}>
      {(feed) => {
        if (!feed)
          return (
            <div className="form-actions calendar-feed-actions">
              <Button onClick={onCreate} busy={busy === 'create'} disabled={!online}>
                <Trans>Create my calendar link</Trans>
              </Button>
            </div>
          );
        const made = formatShortDate(feed.created_at, i18n.locale);
        return (
          <>
            <TextField
              label={t`Your calendar link`}
              name="calendar_feed"
              valueDir="ltr"
              value={feed.https}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              hint={<Trans>Made on {made}. Anyone with this link can see your events: keep it to yourself. In Google Calendar, add it under "From URL".</Trans>}
            />
            <div className="calendar-feed-actions">
              <Button variant="secondary" onClick={() => onCopy(feed.https)}>
                <Trans>Copy</Trans>
              </Button>
              <a className={buttonClass('primary')} href={feed.webcal}>
                <Trans>Subscribe</Trans>
              </a>
            </div>
            <div className="calendar-feed-actions calendar-feed-manage">
              <Button variant="ghost" onClick={() => setConfirming('regenerate')} busy={busy === 'regenerate'} disabled={!online || busy !== null}>
                <Trans>Make a new link</Trans>
              </Button>
              <Button variant="ghost" onClick={() => setConfirming('turnOff')} busy={busy === 'turnOff'} disabled={!online || busy !== null}>
                <Trans>Turn off</Trans>
              </Button>
            </div>
          </>
        );
      }}
    </OnlineBody>
  );

  return (
    <section className="card form calendar-feed" aria-labelledby={`${id}-title`} aria-busy={busy !== null || undefined}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>Calendar link</Trans>
      </h2>
      <p className="calendar-feed-lead">
        <Trans>Your events can appear in Google Calendar, Apple Calendar or Outlook through a personal link that keeps them up to date.</Trans>
      </p>
      {online ? null : (
        <OfflineNote className="calendar-feed-offline">
          <Trans>Connect to the internet to manage your calendar link.</Trans>
        </OfflineNote>
      )}
      <FormAlert message={actionError} />
      {body}
      <ConfirmDialog
        open={confirming === 'regenerate'}
        onOpenChange={(open) => setConfirming(open ? 'regenerate' : null)}
        title={t`Make a new link?`}
        description={<Trans>Your current link stops working: calendars that use it stop updating until you add the new one.</Trans>}
        confirmLabel={t`Make a new link`}
        tone="primary"
        onConfirm={onRegenerate}
      />
      <ConfirmDialog
        open={confirming === 'turnOff'}
        onOpenChange={(open) => setConfirming(open ? 'turnOff' : null)}
        title={t`Turn off your calendar link?`}
        description={<Trans>The link stops working: calendars that use it no longer receive your events.</Trans>}
        confirmLabel={t`Turn off`}
        onConfirm={onTurnOff}
      />
    </section>
  );
}
