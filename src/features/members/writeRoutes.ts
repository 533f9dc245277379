import './members.css';
import { EditMemberScreen, NewMemberScreen } from './MemberFormScreens';

/** The form (the original app's `/users/new`; editing at `/users/:id/edit`), with the contract's zod. */
export const newMemberRoute = { Component: NewMemberScreen };
export const editMemberRoute = { Component: EditMemberScreen };
