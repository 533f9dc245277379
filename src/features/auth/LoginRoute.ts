import { LoginScreen } from './LoginScreen';

export const route = { Component: LoginScreen };
