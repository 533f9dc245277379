import type { DeliveryKind } from '../../contract/delivery';
import type { Job } from '../jobs';
import type { Deliverable } from './deliverable';
import { emailJob } from './emailJob';
import { planJob } from './plan';
import { deliveryPushJob } from './pushJob';

/** The delivery core's periodic work over the modules' deliverables (server/feature.ts gathers them). */
export function deliveryJobs(deliverables: ReadonlyMap<DeliveryKind, Deliverable>): Job[] {
  return [planJob(deliverables), emailJob(deliverables), deliveryPushJob(deliverables)];
}
