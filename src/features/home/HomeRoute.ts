import { HomeScreen } from './HomeScreen';

export { HomeScreen };
export const route = { Component: HomeScreen };
