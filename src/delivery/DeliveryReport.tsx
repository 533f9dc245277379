import type { DeliveryKind } from '../../contract/delivery';
import { useOnline } from '../ui/useOnline';
import { DeliveryReportView } from './DeliveryReportView';
import { useDeliveryReport } from './useDeliveryReport';
import { useRemindUnread } from './useRemindUnread';

export interface DeliveryReportProps {
  kind: DeliveryKind;
  id: string;
  /** False while its create is still in the outbox (nothing is asked then). */
  onServer: boolean;
  headingLevel: 2 | 3;
  className?: string;
}

/** An item's live delivery report and "send again" (show it to its author and administrators only: mayReadDelivery). */
export function DeliveryReport({ kind, id, onServer, headingLevel, className }: DeliveryReportProps) {
  const online = useOnline();
  const { refresh, ...report } = useDeliveryReport(kind, id, onServer);
  const remind = useRemindUnread(kind, id, refresh);
  return (
    <DeliveryReportView
      {...report}
      online={online}
      onServer={onServer}
      remind={remind.state}
      onRemind={remind.send}
      headingLevel={headingLevel}
      className={className}
    />
  );
}
