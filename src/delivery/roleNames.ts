import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const roleNames: Record<string, MessageDescriptor> = {
  admin: msg`Administrator`,
  staff: msg`Staff`,
  student: msg`Student`,
  guardian: msg`Guardian`,
};

/** A member's role in words, as the delivery lists show it (an unknown role as it came). */
export function roleName(i18n: I18n, role: string): string {
  const name = roleNames[role];
  return name ? i18n._(name) : role;
}
