import './privacy.css';
import { PrivacySettingsScreen } from './PrivacySettingsScreen';

/** The college's privacy settings (`/admin/privacy`), in one chunk. */
export const settingsRoute = { Component: PrivacySettingsScreen };
