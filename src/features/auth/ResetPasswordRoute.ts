import { ResetPasswordScreen } from './ResetPasswordScreen';

export const route = { Component: ResetPasswordScreen };
