import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Category } from '../../../contract/posts';
import { StorageFullError } from '../../sync/StorageFullError';
import { useOnline } from '../../ui/useOnline';
import { useSlowNetwork } from '../../ui/slowNetwork';
import { KeepNewsView, type NewsWait } from './KeepNewsView';
import { keepNewsCategory, removeKeptNewsCategory } from './keptNews';
import { setKeptNewsActivity, useKeptNewsActivity } from './keptNewsState';
import { useKeptNews } from './useKeptNews';
import { usePostsDb } from './usePostsDb';

/** The keep control of the news category shown (`/blog/<slug>`); the background work downloads. */
export function KeepNewsToggle({ category }: { category: Category }) {
  const { t } = useLingui();
  const db = usePostsDb();
  const state = useKeptNews(category.id);
  const online = useOnline();
  const slow = useSlowNetwork();
  const activity = useKeptNewsActivity();
  const [failure, setFailure] = useState<string | null>(null);
  if (!state) return null;

  const act = (change: () => Promise<void>) => {
    setFailure(null);
    change().catch((error: unknown) => {
      setFailure(
        error instanceof StorageFullError
          ? t`This device is full. Remove kept files, or free space on the device, then try again.`
          : t`This could not be saved on this device. Please try again.`,
      );
    });
  };
  let waitingFor: NewsWait = null;
  if (activity.deviceFull) waitingFor = 'room';
  else if (!online) waitingFor = 'connection';
  else if (slow && !state.kept?.evenOnSlowNetwork) waitingFor = 'faster network';

  return (
    <KeepNewsView
      name={category.name}
      state={state}
      waitingFor={waitingFor}
      failure={failure}
      onKeep={() => act(() => keepNewsCategory(db, category.id))}
      onRemove={() => act(() => removeKeptNewsCategory(db, category.id))}
      onEvenOnSlowNetwork={() => act(() => keepNewsCategory(db, category.id, { evenOnSlowNetwork: true }))}
      onRetry={() => setKeptNewsActivity({ deviceFull: false })}
    />
  );
}
