import { LandingScreen } from './LandingScreen';

export const route = { Component: LandingScreen };
