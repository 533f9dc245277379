import { NotFoundScreen } from './NotFoundScreen';

export const route = { Component: NotFoundScreen };
