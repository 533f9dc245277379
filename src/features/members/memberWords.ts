import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MemberStatus } from '../../../contract/members';
import type { Role } from '../../../contract/permissions';

/** The roles' names as administrators read them (the original app did not show them). */
export const roleLabels: Record<Role, MessageDescriptor> = {
  admin: msg`Administrator`,
  staff: msg`Staff`,
  student: msg`Student`,
  guardian: msg`Guardian`,
};

export const statusLabels: Record<MemberStatus, MessageDescriptor> = {
  active: msg`Active`,
  pending: msg`Pending approval`,
  disabled: msg`Disabled`,
};

export const roleList: readonly Role[] = ['admin', 'staff', 'student', 'guardian'];
export const statusList: readonly MemberStatus[] = ['active', 'pending', 'disabled'];
