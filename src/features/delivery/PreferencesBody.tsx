import type { ReactNode } from 'react';
import type { DeliveryPreferences, DeliveryPreferencesInput } from '../../../contract/delivery';
import type { OnlineSettingsState } from '../../forms/useOnlineSettings';
import { DeliveryModesForm, modesOf } from './DeliveryModesForm';
import { OnlineBody } from '../../online/OnlineBody';

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
  return (
    <OnlineBody load={load} online={online} loadingLabel={loadingLabel} onRetry={onRetry}>
      {(saved) => {
        const modes = modesOf(saved);
        return (
          <>
            {notes(saved)}
            {/* Keyed by what is saved: a save's answer starts the form again from the server's values. */}
            <DeliveryModesForm key={JSON.stringify(modes)} saved={modes} online={online} footnote={footnote} {...form} />
          </>
        );
      }}
    </OnlineBody>
  );
}
