import { user, type ProfileUpdateFields, type User } from '../../../contract/auth';
import { requestJson } from '../../api/client';
import { parseMessageReply } from '../../api/schemas';

/** Multipart with `_method=PUT`, as the original API expects. */
export function updateProfile(fields: ProfileUpdateFields, avatar: File | null): Promise<User> {
  const form = new FormData();
  form.append('_method', 'PUT');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (avatar) form.append('avatar', avatar);
  return requestJson('post', 'api/v1/users/update/profile', (data) => user.parse(data), { form });
}

export function updatePassword(body: { current_password: string; password: string; password_confirmation: string }): Promise<{ message: string }> {
  return requestJson('put', 'api/v1/users/update/password', parseMessageReply, { json: body });
}
