import { forgotPasswordRequest, signupResponse } from '../../../contract/auth';
import type { z } from 'zod';
import { requestJson } from '../../api/client';
import { parseMessageReply } from '../../api/schemas';

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return requestJson('post', 'api/forgot-password-user', parseMessageReply, { json: forgotPasswordRequest.parse({ email }) });
}

export function resetPassword(body: { token: string; email: string; password: string; password_confirmation: string }): Promise<{ message: string }> {
  return requestJson('post', 'api/reset-password-user', parseMessageReply, { json: body });
}

export function signup(body: {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  promotions: boolean;
}): Promise<z.infer<typeof signupResponse>> {
  return requestJson('post', 'api/signup-mobile', (data) => signupResponse.parse(data), { json: body });
}
