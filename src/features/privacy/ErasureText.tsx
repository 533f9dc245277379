import { Trans } from '@lingui/react/macro';
import type { ErasurePolicy } from '../../../contract/privacy';

/** What erasing `name` does under the college's policy, in the confirmation's words. */
export function ErasureText({ name, policy }: { name: string; policy: ErasurePolicy }) {
  return (
    <>
      <Trans>
        The account of <bdi>{name}</bdi> is removed for good: their personal details, files, sessions, notifications on their devices and calendar link go, and
        they can no longer sign in.
      </Trans>{' '}
      {policy === 'keep' ? (
        <Trans>What they wrote (publications, events, notifications, documents and messages) stays, shown under “Former member”.</Trans>
      ) : (
        <Trans>What they wrote (publications, events, notifications, documents and messages) is removed too, from every device.</Trans>
      )}{' '}
      <Trans>This cannot be undone.</Trans>
    </>
  );
}
