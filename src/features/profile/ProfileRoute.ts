import { ProfileScreen } from './ProfileScreen';

export { ProfileScreen };
export const route = { Component: ProfileScreen };
