import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { MemberRow } from '../../../contract/members';
import { toastOutcome } from '../../sync/outcomeToasts';
import { approveMember, deleteMember, deleteMemberPin, rejectMember, setMemberPin, setMemberStatus } from './memberWrites';
import { memberOutcomeTexts } from './memberOutcomeTexts';
import { useMembersDb } from './useMembersDb';

export interface MemberActions {
  approve: (row: MemberRow) => Promise<void>;
  reject: (row: MemberRow) => Promise<void>;
  remove: (row: MemberRow) => Promise<void>;
  setStatus: (row: MemberRow, status: 'active' | 'disabled') => Promise<void>;
  setPin: (row: MemberRow, pin: string) => Promise<void>;
  deletePin: (row: MemberRow) => Promise<void>;
}

/** The list's and the detail's changes: queued through the outbox, each followed by its toast. */
export function useMemberActions(): MemberActions {
  const db = useMembersDb();
  const { i18n } = useLingui();
  return useMemo(() => {
    const follow = (seq: number, change: Parameters<typeof memberOutcomeTexts>[1]) => void toastOutcome(db, i18n, seq, memberOutcomeTexts(i18n, change));
    return {
      approve: async (row) => follow(await approveMember(db, row.id), 'approve'),
      reject: async (row) => follow(await rejectMember(db, row.id), 'reject'),
      remove: async (row) => follow(await deleteMember(db, row.id), 'delete'),
      setStatus: async (row, status) => follow(await setMemberStatus(db, row, status), 'update'),
      setPin: async (row, pin) => follow(await setMemberPin(db, row.id, pin), 'setPin'),
      deletePin: async (row) => follow(await deleteMemberPin(db, row.id), 'deletePin'),
    };
  }, [db, i18n]);
}
