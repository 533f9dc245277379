import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentCategory, DocumentRow } from '../../../contract/documents';
import { uuidv7 } from '../../../contract/ids';
import { databaseName } from '../../../src/db/database';
import { DbProvider } from '../../../src/db/DbProvider';
import { KeepToggle } from '../../../src/features/documents/KeepToggle';
import { setDeviceFull } from '../../../src/features/documents/keepProgress';
import { filesCacheName, keepCategory, keepDocument, type FileRequest } from '../../../src/features/documents/keptFiles';
import { StoragePanel } from '../../../src/features/documents/StoragePanel';
import { KeptFilesInStep } from '../../../src/features/documents/KeptFilesInStep';
import { useKeptIds } from '../../../src/features/documents/useKeptFiles';
import { fileFailureText } from '../../../src/features/documents/keepFailure';
import { openDocument } from '../../../src/features/documents/openDocument';
import { NetworkError } from '../../../src/api/errors';
import { createHttp } from '../../../src/api/http';
import { dataModules } from '../../../src/registry/dataModules';
import { writeToken } from '../../../src/storage/tokenStorage';
import { installMemoryCaches, type MemoryCacheStorage } from './memoryCaches';
import { tinyPdf } from '../../server/documentsHelpers';
import { sha256Of, startFlakyProxy, textFile, type FlakyProxy } from './flakyProxy';
import { startServerProcess, syncedDevice, type ServerProcess } from './serverProcessKit';

/**
 * The keep controls and the storage panel as a member uses them, on the app's own HTTP door:
 * the page's origin is the proxy's (in front of the real server), the token in local
 * storage, as when signed in.
 */
vi.setConfig({ testTimeout: 30_000 });

let server: ServerProcess;
let proxy: FlakyProxy;
let caches: MemoryCacheStorage;
let device: Awaited<ReturnType<typeof syncedDevice>>;
let userId: string;
let circulars: string;
let timetable: DocumentRow;
let plan: DocumentRow;
const planBytes = tinyPdf('Plan lector 2026');

beforeAll(async () => {
  server = await startServerProcess();
  proxy = await startFlakyProxy(server.origin);
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${proxy.origin}/documents`);
  circulars = (await server.categories())[1]!.id;
  timetable = await server.upload(textFile(400_000, 3), 'Horario 2026.txt', circulars);
  plan = await server.upload(planBytes, 'Plan lector.pdf', circulars);
}, 120_000);

afterAll(async () => {
  await proxy.close();
  await server.close();
});

beforeEach(async () => {
  caches = installMemoryCaches();
  setDeviceFull(false);
  writeToken(server.token);
  proxy.requests.length = 0;
  proxy.plan.length = 0;
  userId = uuidv7();
  device = await syncedDevice(databaseName('colinas', userId), proxy.origin, server.token);
});

afterEach(async () => {
  await device.engine.stop();
  Reflect.deleteProperty(navigator, 'connection');
});

/** A button's name: its words, then the item's name (happy-dom spaces the hidden part off). */
const named = (words: string, item: string): RegExp => new RegExp(`^${words}\\s?: ${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

function renderWithDb(ui: ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <DbProvider collegeSlug="colinas" userId={userId} modules={dataModules}>
        {ui}
      </DbProvider>
    </I18nProvider>,
  );
}

/** Lets the proxy's held answer go on. */
function holdAt(after: number): () => void {
  let release = () => {};
  proxy.plan.push({ hold: { after, until: new Promise<void>((resolve) => (release = resolve)) } });
  return () => release();
}

const synced = async (id: string): Promise<DocumentRow> => (await device.db.documents.get(id))!;
const category = async (id: string): Promise<DocumentCategory> => (await device.db.documentCategories.get(id))!;
const cacheEntries = () => caches.caches.get(filesCacheName(device.db))?.entries.size ?? 0;

describe('keeping one document', () => {
  it('shows the download’s progress, then “On this device”, and removes the copy', async () => {
    const release = holdAt(150_000);
    renderWithDb(<KeepToggle document={await synced(timetable.id)} />);
    fireEvent.click(await screen.findByRole('button', { name: named('Keep on this device', 'Horario 2026.txt') }));

    const bar = await screen.findByRole('progressbar', { name: 'Downloading to this device' });
    await waitFor(() => expect(Number(bar.getAttribute('value'))).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    release();

    expect(await screen.findByText('On this device')).toBeTruthy();
    expect(await device.db.keptFiles.get(timetable.id)).toMatchObject({ sha256: timetable.sha256, size: 400_000 });
    fireEvent.click(screen.getByRole('button', { name: named('Remove from this device', 'Horario 2026.txt') }));
    await screen.findByRole('button', { name: named('Keep on this device', 'Horario 2026.txt') });
    expect(await device.db.keptFiles.count()).toBe(0);
    expect(cacheEntries()).toBe(0);
  });

  it('stores nothing when the download is cancelled', async () => {
    const release = holdAt(100_000);
    renderWithDb(<KeepToggle document={await synced(timetable.id)} />);
    fireEvent.click(await screen.findByRole('button', { name: named('Keep on this device', 'Horario 2026.txt') }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByRole('button', { name: named('Keep on this device', 'Horario 2026.txt') });
    release();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await device.db.keptFiles.count()).toBe(0);
    expect(cacheEntries()).toBe(0);
  });

  it('says clearly that the device is full, and stores nothing', async () => {
    caches.quota = 100_000;
    renderWithDb(<KeepToggle document={await synced(timetable.id)} />);
    fireEvent.click(await screen.findByRole('button', { name: named('Keep on this device', 'Horario 2026.txt') }));
    expect((await screen.findByRole('alert')).textContent).toBe('This device is full. Remove kept files, or free space on the device, then try again.');
    expect(await device.db.keptFiles.count()).toBe(0);
    expect(cacheEntries()).toBe(0);
  });
});

describe('what the library shows of the device', () => {
  function OnDevice() {
    const ids = useKeptIds();
    return <p data-testid="on-device">{ids ? [...ids].join(',') : 'loading'}</p>;
  }

  it('lists the documents whose current file is on the device, not an older copy', async () => {
    renderWithDb(<OnDevice />);
    await waitFor(() => expect(screen.getByTestId('on-device').textContent).toBe(''));
    await keepDocument(device.db, await synced(timetable.id));
    await waitFor(() => expect(screen.getByTestId('on-device').textContent).toBe(timetable.id));
    // The file changed on the server (a new SHA-256 synced): the copy is no longer the document.
    await device.db.documents.update(timetable.id, { sha256: 'c'.repeat(64) });
    await waitFor(() => expect(screen.getByTestId('on-device').textContent).toBe(''));
  });

  it('says a document of a kept category is kept with it, with no remove of its own', async () => {
    await keepCategory(device.db, circulars);
    await keepDocument(device.db, await synced(timetable.id), { byCategory: circulars });
    renderWithDb(<KeepToggle document={await synced(timetable.id)} />);
    expect(await screen.findByText('Kept with its category')).toBeTruthy();
    expect(screen.getByText('On this device')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove from this device/ })).toBeNull();
  });
});

describe('keeping a category', () => {
  it('downloads its documents while the app is open, and shows how many are on the device', async () => {
    const count = await device.db.documents.where('category_id').equals(circulars).count();
    renderWithDb(
      <>
        <KeptFilesInStep />
        <KeepToggle category={await category(circulars)} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: named('Keep this category on this device', (await category(circulars)).name) }));
    expect(await screen.findByText(`${count} of ${count} documents on this device`)).toBeTruthy();
    expect(screen.getByText('On this device')).toBeTruthy();
    expect(await device.db.keptFiles.count()).toBe(count);
  });

  it('waits while the browser reports Save-Data, until the member says “slow networks too”', async () => {
    Object.defineProperty(navigator, 'connection', { value: Object.assign(new EventTarget(), { saveData: true }), configurable: true });
    const count = await device.db.documents.where('category_id').equals(circulars).count();
    renderWithDb(
      <>
        <KeptFilesInStep />
        <KeepToggle category={await category(circulars)} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Keep this category on this device/ }));
    expect(await screen.findByText(/^Waiting for a faster connection/)).toBeTruthy();
    expect(screen.getByText(`0 of ${count} documents on this device`)).toBeTruthy();
    expect(proxy.requests).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Download on slow networks too' }));
    expect(await screen.findByText(`${count} of ${count} documents on this device`)).toBeTruthy();
  });
});

describe('the storage panel', () => {
  it('shows what is kept, sets a category’s slow-network choice, and removes everything', async () => {
    await keepCategory(device.db, circulars);
    await keepDocument(device.db, await synced(timetable.id));
    renderWithDb(<StoragePanel />);

    expect(await screen.findByText('1 file kept, 400 kB')).toBeTruthy();
    const item = (await screen.findByText((await category(circulars)).name)).closest('li')!;
    fireEvent.click(within(item).getByRole('checkbox', { name: 'Download on slow networks too' }));
    await waitFor(async () => expect((await device.db.keptCategories.get(circulars))?.evenOnSlowNetwork).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove all' }));
    expect(await screen.findByText('0 files kept, 0 byte')).toBeTruthy();
    expect(await device.db.keptCategories.count()).toBe(0);
    expect(caches.caches.has(filesCacheName(device.db))).toBe(false);
  });
});

describe('opening a document', () => {
  /** The app's HTTP door with no server behind it: the device is offline. */
  const door = createHttp({ getToken: () => server.token, prefix: 'http://127.0.0.1:9/' });
  const offline: FileRequest = (path, headers, signal) => door.requestFile(path, headers, signal);
  /** The tab `window.open` gives the click (a browser's, minus the page it will show). */
  function newTab() {
    const tab = { opener: window as unknown, location: { href: '' }, close: vi.fn(), open: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation((...args: Parameters<typeof window.open>) => {
      tab.open(...args);
      return tab as unknown as Window;
    });
    return tab;
  }
  function objectUrls(): Blob[] {
    const made: Blob[] = [];
    const create = URL.createObjectURL.bind(URL);
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
      made.push(blob as Blob);
      return create(blob);
    });
    return made;
  }
  const bytesOf = async (blob: Blob) => Buffer.from(await blob.arrayBuffer());
  afterEach(() => vi.restoreAllMocks());

  it('opens a kept PDF from the device while offline, in the tab opened by the click, and counts it once', async () => {
    await keepDocument(device.db, await synced(plan.id));
    const tab = newTab();
    const made = objectUrls();

    expect(await openDocument(device.db, await synced(plan.id), offline)).toBe('device');
    expect(tab.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toMatch(/^blob:/);
    expect(tab.opener).toBeNull();
    expect(made[0]!.type).toBe('application/pdf');
    expect((await bytesOf(made[0]!)).equals(planBytes)).toBe(true);

    expect(await openDocument(device.db, await synced(plan.id), offline)).toBe('device');
    await waitFor(async () =>
      expect(await device.db.outbox.toArray()).toEqual([expect.objectContaining({ name: 'documents.downloaded', args: { id: plan.id } })]),
    );
  });

  it('downloads other types with their real name, from the server when they are not kept', async () => {
    const made = objectUrls();
    const links: { download: string; href: string }[] = [];
    const follow = (event: MouseEvent) => {
      if (!(event.target instanceof HTMLAnchorElement)) return;
      links.push({ download: event.target.download, href: event.target.href });
      event.preventDefault();
    };
    document.addEventListener('click', follow, true);
    try {
      expect(await openDocument(device.db, await synced(timetable.id))).toBe('network');
    } finally {
      document.removeEventListener('click', follow, true);
    }
    expect(links).toHaveLength(1);
    expect(links[0]!.download).toBe('Horario 2026.txt');
    expect(links[0]!.href).toMatch(/^blob:/);
    expect(sha256Of(await bytesOf(made[0]!))).toBe(timetable.sha256);
  });

  it('says so, and closes the tab, when a document is neither on the device nor reachable', async () => {
    const tab = newTab();
    const failure = await openDocument(device.db, await synced(plan.id), offline).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(tab.close).toHaveBeenCalled();
    expect(fileFailureText(i18n, failure, 'open')).toBe('This document is not on this device, and there is no connection to download it.');
  });
});
