import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AlertIcon } from '../../ui/icons';
import { formatFileSize } from '../../ui/fileFormat';
import type { DeviceStorage } from './keptFiles';
import type { KeptCategoryRow } from './useKeptFiles';
import './keptFiles.css';

export interface StoragePanelViewProps {
  storage: DeviceStorage;
  categories: readonly KeptCategoryRow[];
  slowNetwork: boolean;
  deviceFull: boolean;
  busy: boolean;
  onEvenOnSlowNetwork: (categoryId: string, even: boolean) => void;
  onStopKeeping: (categoryId: string) => void;
  onRemoveAll: () => void;
}

function DeviceFigures({ storage }: { storage: DeviceStorage }) {
  const { i18n } = useLingui();
  const { usage, quota, persisted } = storage;
  const used = usage !== null ? formatFileSize(usage, i18n.locale) : null;
  const free = usage !== null && quota !== null ? formatFileSize(Math.max(0, quota - usage), i18n.locale) : null;
  return (
    <>
      {used !== null && free !== null ? (
        <p>
          <Trans>
            This app uses {used} on this device; {free} more is free for it.
          </Trans>
        </p>
      ) : null}
      {persisted === true ? (
        <p className="muted">
          <Trans>Storage is persistent: the browser keeps these files until you remove them.</Trans>
        </p>
      ) : persisted === false ? (
        <p className="muted">
          <Trans>Storage is not persistent: the browser may clear these files when the device runs short of space.</Trans>
        </p>
      ) : null}
    </>
  );
}

function KeptCategoryItem({
  category,
  onEvenOnSlowNetwork,
  onStopKeeping,
}: { category: KeptCategoryRow } & Pick<StoragePanelViewProps, 'onEvenOnSlowNetwork' | 'onStopKeeping'>) {
  const { t } = useLingui();
  const { name, documents, onDevice, kept } = category;
  return (
    <li className="storage-category">
      <div className="storage-category-head">
        <span className="storage-category-name">{name}</span>
        <span className="keep-count">{t`${plural(documents, { one: `${onDevice} of # document on this device`, other: `${onDevice} of # documents on this device` })}`}</span>
      </div>
      <Checkbox
        label={t`Download on slow networks too`}
        checked={kept.evenOnSlowNetwork}
        onChange={(event) => onEvenOnSlowNetwork(kept.id, event.target.checked)}
      />
      <Button variant="ghost" onClick={() => onStopKeeping(kept.id)}>
        <Trans>Stop keeping this category</Trans>
        <span className="visually-hidden">{`: ${name}`}</span>
      </Button>
    </li>
  );
}

/**
 * Files kept on this device (docs/features/documents.md): how much they take, the device's space as the
 * browser reports it, whether the storage is persistent, each kept category with its
 * "slow networks too" setting, and "Remove all".
 */
export function StoragePanelView({
  storage,
  categories,
  slowNetwork,
  deviceFull,
  busy,
  onEvenOnSlowNetwork,
  onStopKeeping,
  onRemoveAll,
}: StoragePanelViewProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const nothingKept = storage.keptFiles === 0 && categories.length === 0;
  const kept = formatFileSize(storage.keptBytes, i18n.locale);
  return (
    <section className="card storage-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>Files on this device</Trans>
      </h2>
      <p className="storage-kept">{t`${plural(storage.keptFiles, { one: `# file kept, ${kept}`, other: `# files kept, ${kept}` })}`}</p>
      <DeviceFigures storage={storage} />
      {deviceFull ? (
        <p className="keep-failure with-icon" role="alert">
          <AlertIcon width={18} height={18} />
          <span>
            <Trans>This device is full. Remove kept files, or free space on the device, then try again.</Trans>
          </span>
        </p>
      ) : null}
      {slowNetwork ? (
        <p className="keep-note">
          <Trans>This browser reports Save-Data or a slow (2G) network: kept categories wait for a faster one unless they download on slow networks too.</Trans>
        </p>
      ) : null}
      {categories.length > 0 ? (
        <>
          <h3 className="storage-subtitle">
            <Trans>Kept categories</Trans>
          </h3>
          <ul className="storage-categories">
            {categories.map((category) => (
              <KeptCategoryItem key={category.kept.id} category={category} onEvenOnSlowNetwork={onEvenOnSlowNetwork} onStopKeeping={onStopKeeping} />
            ))}
          </ul>
        </>
      ) : null}
      <div className="form-actions">
        <Button variant="danger" busy={busy} disabled={nothingKept} onClick={() => setConfirming(true)}>
          <Trans>Remove all</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Remove every kept file?`}
        description={t`Kept documents will need a connection to open again, and kept categories stop downloading.`}
        confirmLabel={t`Remove all`}
        onConfirm={onRemoveAll}
      />
    </section>
  );
}
