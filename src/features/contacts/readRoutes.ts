import './contacts.css';
import { ContactDetailScreen } from './ContactDetailScreen';
import { ContactsScreen } from './ContactsScreen';

/** The directory's reading screens (`/admin/contacts`, `/admin/contacts/{contact}`), in one chunk. */
export const contactsRoute = { Component: ContactsScreen };
export const contactRoute = { Component: ContactDetailScreen };
