import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Role } from '../../../contract/permissions';

const roleNames: Record<Role, MessageDescriptor> = {
  admin: msg`Administrator`,
  staff: msg`Staff`,
  student: msg`Student`,
  guardian: msg`Guardian`,
};

/** A member's role in the college, beside their name (who is the teacher, who a parent). */
export function RoleName({ role }: { role: Role }) {
  const { i18n } = useLingui();
  return <>{i18n._(roleNames[role])}</>;
}
