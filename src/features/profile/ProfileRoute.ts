import { ProfileScreen } from './ProfileScreen';

export const route = { Component: ProfileScreen };
