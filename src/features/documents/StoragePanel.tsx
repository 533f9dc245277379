import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { useDeviceFull } from './keepProgress';
import { keepCategory, removeAllKept, removeKeptCategory } from './keptFiles';
import { StoragePanelView } from './StoragePanelView';
import { useDocumentsDb } from './useDocumentsDb';
import { useKeptCategories, useSlowNetwork, useStorageEstimate } from './useKeptFiles';

/** The storage panel with its data (StoragePanelView): what is kept, the device's space, and the actions. */
export function StoragePanel() {
  const { t } = useLingui();
  const db = useDocumentsDb();
  const storage = useStorageEstimate();
  const categories = useKeptCategories();
  const slowNetwork = useSlowNetwork();
  const deviceFull = useDeviceFull();
  const [busy, setBusy] = useState(false);
  const failed = (error: unknown) => {
    console.error('changing kept files failed', error);
    showToast(t`Could not change the files kept on this device.`, 'error');
  };

  if (!storage || !categories) return <LoadingState label={t`Loading the files on this device…`} />;
  return (
    <StoragePanelView
      storage={storage}
      categories={categories}
      slowNetwork={slowNetwork}
      deviceFull={deviceFull}
      busy={busy}
      onEvenOnSlowNetwork={(id, even) => keepCategory(db, id, { evenOnSlowNetwork: even }).catch(failed)}
      onStopKeeping={(id) => removeKeptCategory(db, id).catch(failed)}
      onRemoveAll={() => {
        setBusy(true);
        removeAllKept(db)
          .catch(failed)
          .finally(() => setBusy(false));
      }}
    />
  );
}
