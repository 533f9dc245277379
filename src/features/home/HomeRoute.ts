import { HomeScreen } from './HomeScreen';

export const route = { Component: HomeScreen };
