import type { User } from '../../contract/auth';

/** Who sees an item's delivery report: its author and administrators (the server refuses the others with 403). */
export function mayReadDelivery(user: Pick<User, 'id' | 'role'> | null | undefined, authorId: string | null | undefined): boolean {
  if (!user) return false;
  return user.role === 'admin' || (typeof authorId === 'string' && authorId === user.id);
}
