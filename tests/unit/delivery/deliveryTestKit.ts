import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { DeliveryReport } from '../../../contract/delivery';

/**
 * The delivery report's API as the server answers it (contract/delivery.ts): the network
 * boundary, fetch, answers `GET /api/v1/deliveries/{kind}/{id}` and its `/remind`, and
 * records what was asked. Anything else fails as a network error.
 */

export function aReport(overrides: Partial<DeliveryReport> = {}): DeliveryReport {
  return {
    kind: 'post',
    item_id: 'item-1',
    state: 'planned',
    addressed_to: 40,
    seen: 12,
    pushed: 30,
    emailed: 9,
    opened_from_email: 4,
    email_waiting: 6,
    email_not_sent: 0,
    email_failed: 1,
    not_reached: 2,
    not_reached_members: [
      { user_id: 'u-1', name: 'María José Fernández de la Cruz Valenzuela', role: 'guardian', reason: 'no_email' },
      { user_id: 'u-2', name: 'Pedro Soto', role: 'student', reason: 'email_bounces' },
    ],
    unread: 28,
    reminded_at: null,
    mail_configured: true,
    ...overrides,
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface FakeDeliveryServer {
  /** `GET /api/v1/deliveries/post/<id>`, `POST …/remind`: what was asked, in order. */
  asked: string[];
  report: DeliveryReport;
  /** The answer to the next "send again": counts, or the server's refusal. */
  remind: { pushed: number; emailed: number } | { status: number; message: string };
}

export function fakeDeliveryServer(report: DeliveryReport = aReport()): FakeDeliveryServer {
  const server: FakeDeliveryServer = { asked: [], report, remind: { pushed: 28, emailed: 20 } };
  vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    // Anything else is out of reach, as with no server at all: a 404 for the college's own
    // record (`/api/colleges/domain`, asked in the background) would forget the college.
    if (!path.startsWith('/api/v1/deliveries/')) return Promise.reject(new TypeError('Failed to fetch'));
    server.asked.push(`${request.method} ${path}`);
    if (request.method === 'POST' && path.endsWith('/remind')) {
      const answer = server.remind;
      if ('status' in answer) return Promise.resolve(json({ message: answer.message }, answer.status));
      return Promise.resolve(json(answer));
    }
    return Promise.resolve(json(server.report));
  });
  return server;
}

/** The count shown under a figure's term ("Emailed" → "9"), or null when the figure is not shown. */
export function figure(scope: HTMLElement, term: string): string | null {
  const terms = [...scope.querySelectorAll('dt')].filter((dt) => dt.firstChild?.textContent === term);
  if (terms.length === 0) return null;
  return terms[0]!.parentElement!.querySelector('dd')!.textContent;
}

/** The section of the page headed "Delivery". */
export async function findDeliverySection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Delivery' });
}
