import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/push/pushApi', () => ({
  fetchPushKey: vi.fn(() => Promise.resolve('BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXy7ZtGmvR2_PFn9Mu-MyE8lv5cCTdX3RM')),
  sendSubscription: vi.fn(() => Promise.resolve()),
  deleteSubscription: vi.fn(() => Promise.resolve()),
}));

const { sendSubscription } = await import('../../../src/push/pushApi');
const { NoServiceWorkerError, turnOnPush } = await import('../../../src/push/pushSubscription');

/** A service worker that is installing, as on a first visit. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

const subscription = { toJSON: () => ({ endpoint: 'https://push.example/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }) };

function fakeRegistration(worker: FakeWorker | null) {
  return {
    active: null as FakeWorker | null,
    installing: worker,
    waiting: null,
    pushManager: { getSubscription: () => Promise.resolve(null), subscribe: () => Promise.resolve(subscription) },
  };
}

let registration: ReturnType<typeof fakeRegistration> | undefined;
let becomeReady: (value: unknown) => void;

beforeEach(() => {
  vi.useFakeTimers();
  registration = undefined;
  const ready = new Promise((resolve) => (becomeReady = resolve));
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'granted', requestPermission: () => Promise.resolve('granted') }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration), ready },
  });
  vi.mocked(sendSubscription).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Activates the installing worker: `navigator.serviceWorker.ready` resolves with its registration. */
function activate() {
  const worker = registration!.installing!;
  worker.become('activated');
  registration!.active = worker;
  registration!.installing = null;
  becomeReady(registration);
}

describe('turning alerts on while the app is still being installed', () => {
  it('waits for a worker that is still installing, however long its precache takes, then subscribes', async () => {
    registration = fakeRegistration(new FakeWorker());
    const outcome = turnOnPush();
    // A weak network: far longer than the 10 s given to a worker that is not registered at all.
    await vi.advanceTimersByTimeAsync(45_000);
    expect(sendSubscription).not.toHaveBeenCalled();
    activate();
    await expect(outcome).resolves.toBe('on');
    expect(sendSubscription).toHaveBeenCalledWith(subscription.toJSON());
  });

  it('says "try again shortly" when the install fails, and registers nothing', async () => {
    registration = fakeRegistration(new FakeWorker());
    const outcome = turnOnPush();
    const settled = expect(outcome).rejects.toBeInstanceOf(NoServiceWorkerError);
    await vi.advanceTimersByTimeAsync(1_000);
    registration.installing!.become('redundant');
    await settled;
    expect(sendSubscription).not.toHaveBeenCalled();
  });

  it('says "try again shortly" when no worker is registered after a while', async () => {
    const outcome = turnOnPush();
    const settled = expect(outcome).rejects.toBeInstanceOf(NoServiceWorkerError);
    await vi.advanceTimersByTimeAsync(20_000);
    await settled;
    expect(sendSubscription).not.toHaveBeenCalled();
  });

  it('waits for a worker registered a moment after the click', async () => {
    const outcome = turnOnPush();
    await vi.advanceTimersByTimeAsync(3_000);
    registration = fakeRegistration(new FakeWorker());
    await vi.advanceTimersByTimeAsync(30_000);
    activate();
    await expect(outcome).resolves.toBe('on');
  });
});
