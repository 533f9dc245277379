import './members.css';
import { MemberDetailScreen } from './MemberDetailScreen';
import { MemberListScreen } from './MemberListScreen';

/** The list and a member (`/users`, `/users/{id}`): no zod here. */
export const memberListRoute = { Component: MemberListScreen };
export const memberDetailRoute = { Component: MemberDetailScreen };
