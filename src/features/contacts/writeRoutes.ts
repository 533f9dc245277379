import './contacts.css';
import { EditContactScreen, NewContactScreen } from './ContactFormScreen';

/** The directory's writing screens, for administrators (`/admin/contacts/create`, `/admin/contacts/{contact}/edit`). */
export const newContactRoute = { Component: NewContactScreen };
export const editContactRoute = { Component: EditContactScreen };
