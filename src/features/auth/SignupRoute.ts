import { SignupScreen } from './SignupScreen';

export const route = { Component: SignupScreen };
