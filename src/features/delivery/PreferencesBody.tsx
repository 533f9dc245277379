import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { DeliveryPreferences, DeliveryPreferencesInput } from '../../../contract/delivery';
import type { OnlineSettingsState } from '../../forms/useOnlineSettings';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { LoadingState } from '../../ui/ScreenStates';
import { DeliveryModesForm, modesOf } from './DeliveryModesForm';

export type PreferencesState = Omit<OnlineSettingsState<DeliveryPreferences, DeliveryPreferencesInput>, 'retry' | 'save'>;

export interface PreferencesCardProps extends PreferencesState {
  onRetry: () => void;
  onSave: (input: DeliveryPreferencesInput) => void;
}

/**
 * What a card of preferences shows under its title: loading, a failure to retry, or the
 * notes about the member (`notes`) and the form. Offline before anything was read it shows
 * nothing (the card says it needs a connection); offline after, the form keeps what was typed.
 */
export function PreferencesBody({
  load,
  online,
  onRetry,
  loadingLabel,
  notes,
  footnote,
  ...form
}: PreferencesCardProps & { loadingLabel: string; notes: (saved: DeliveryPreferences) => ReactNode; footnote?: ReactNode }) {
  if (!online && load.status !== 'ready') return null;
  if (load.status === 'loading') return <LoadingState label={loadingLabel} />;
  if (load.status === 'failed')
    return (
      <>
        <FormAlert message={load.error} />
        <div className="form-actions">
          <Button variant="secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </>
    );
  const modes = modesOf(load.data);
  return (
    <>
      {notes(load.data)}
      {/* Keyed by what is saved: a save's answer starts the form again from the server's values. */}
      <DeliveryModesForm key={JSON.stringify(modes)} saved={modes} online={online} footnote={footnote} {...form} />
    </>
  );
}
