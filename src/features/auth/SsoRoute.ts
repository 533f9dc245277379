import { SsoScreen } from './SsoScreen';

export const route = { Component: SsoScreen };
