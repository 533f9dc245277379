import './messenger.css';
import { ReportsScreen } from './ReportsScreen';

/** The administrators' reported messages (`/admin/messenger/reports`), in one chunk. */
export const reportsRoute = { Component: ReportsScreen };
