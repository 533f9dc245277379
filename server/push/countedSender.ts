import type { PushMetrics } from '../metrics/appMetrics';
import type { PushSender } from './sender';

/** `sender`, counting the devices each send reached and did not (a send that throws: all its members' devices unknown, none counted). */
export function countedPushes(sender: PushSender, metrics: PushMetrics): PushSender {
  return {
    async send(collegeId, messages) {
      const outcomes = await sender.send(collegeId, messages);
      let accepted = 0;
      let devices = 0;
      for (const outcome of outcomes.values()) {
        accepted += outcome.accepted;
        devices += outcome.devices;
      }
      metrics.delivered(accepted, devices - accepted);
      return outcomes;
    },
  };
}
