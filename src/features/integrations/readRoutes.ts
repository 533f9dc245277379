import './integrations.css';
import { IntegrationsScreen } from './IntegrationsScreen';

/** The integrations screen (`/admin/integrations`), one chunk. */
export const integrationsRoute = { Component: IntegrationsScreen };
