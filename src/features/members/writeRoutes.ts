import './members.css';
import { EditMemberScreen, NewMemberScreen } from './MemberFormScreens';

/** The form (spec §2 `/users/new`; editing at `/users/:id/edit`), with the contract's zod. */
export const newMemberRoute = { Component: NewMemberScreen };
export const editMemberRoute = { Component: EditMemberScreen };
