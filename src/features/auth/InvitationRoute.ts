import { InvitationScreen } from './InvitationScreen';

export const route = { Component: InvitationScreen };
