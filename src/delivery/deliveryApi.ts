import type { DeliveryKind, DeliveryReport } from '../../contract/delivery';
import { requestJson } from '../api/client';

/**
 * The delivery report's REST calls (docs/features/delivery.md): how far a post, an event or a
 * notification got, for its author and administrators. Online only: the figures change with
 * every reader and are never kept on the device. The contract (zod) loads with the first
 * answer, so reading a post offline loads none of it (docs/features/app-shell.md).
 */

const contract = () => import('../../contract/delivery');

const reportPath = (kind: DeliveryKind, id: string) => `api/v1/deliveries/${kind}/${encodeURIComponent(id)}`;

/** `GET /api/v1/deliveries/{kind}/{id}`. */
export async function fetchDeliveryReport(kind: DeliveryKind, id: string, signal?: AbortSignal): Promise<DeliveryReport> {
  const { deliveryReport } = await contract();
  return requestJson('get', reportPath(kind, id), (data) => deliveryReport.parse(data), undefined, signal);
}

export interface RemindAnswer {
  pushed: number;
  emailed: number;
}

/** `POST /api/v1/deliveries/{kind}/{id}/remind`: pushed and emailed again to whoever has not read it (409 within 10 minutes). */
export async function remindUnread(kind: DeliveryKind, id: string): Promise<RemindAnswer> {
  const { deliveryRemindAnswer } = await contract();
  return requestJson('post', `${reportPath(kind, id)}/remind`, (data) => deliveryRemindAnswer.parse(data), { json: {} });
}
