import './eventForm.css';
import { EditEventScreen } from './EditEventScreen';
import { NewEventScreen } from './NewEventScreen';

/** The writing screens of the calendar (`/events/new-event`, `/events/event/:id/edit`). */
export const newEventRoute = { Component: NewEventScreen };
export const editEventRoute = { Component: EditEventScreen };
