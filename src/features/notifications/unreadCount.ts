/** The navigation's unread count (ui.tsx `nav`), loaded by the shell once signed in. */
export { useUnreadCount } from './notificationQueries';
