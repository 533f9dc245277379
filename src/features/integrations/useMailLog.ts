import type { MailLogItem } from '../../../contract/integrations';
import { usePagedOnlineResource, type PagedOnlineResource } from '../../online/usePagedOnlineResource';
import { fetchMailLog } from './integrationsApi';

export type MailLog = PagedOnlineResource<MailLogItem>;

/**
 * The mail log, newest first: its first page read online (again on coming back online and on
 * "Refresh"), and the pages "More" adds after it, forgotten when the first page is new.
 */
export function useMailLog(): MailLog {
  return usePagedOnlineResource('mail-log', fetchMailLog);
}
