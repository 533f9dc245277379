import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentCategory } from '../../../contract/documents';
import { messages } from '../../../contract/messages';
import type { AttachmentUpload, DocumentUpload } from '../../../src/features/documents/documentsDb';
import { UploadForm } from '../../../src/features/documents/UploadForm';
import { UploadQueueView } from '../../../src/features/documents/UploadQueueView';

vi.setConfig({ testTimeout: 20_000 });

const withI18n = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

const category: DocumentCategory = {
  id: '0190a000-0000-7000-8000-000000000001',
  college_id: 'c',
  name: 'Circulares',
  position: 0,
  created_at: '',
  updated_at: '',
};

/** A file of `size` bytes without holding them (the checks read only name, size and type). */
function fileOf(name: string, size: number, type = ''): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  // The audience picker asks the server how many it reaches: no network here, it says so.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
});
afterEach(() => vi.restoreAllMocks());

describe('the upload form', () => {
  it('says why each chosen file cannot be shared, and queues only the others', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    withI18n(
      <UploadForm
        categories={[category]}
        audience={{ courses: [], grades: [], sections: [] }}
        onSubmit={onSubmit}
        onCancel={() => undefined}
        describeError={() => ''}
      />,
    );
    const files = [
      fileOf('circular.pdf', 120_000, 'application/pdf'),
      fileOf('video.mp4', 200_000, 'video/mp4'),
      fileOf('enorme.pdf', 60 * 1024 * 1024),
      fileOf('vacío.txt', 0),
      fileOf('horario.docx', 30_000),
    ];
    fireEvent.change(screen.getByLabelText('Files'), { target: { files } });

    const chosen = within(screen.getByRole('list', { name: 'Chosen files' }));
    expect(chosen.getByText(/This kind of file cannot be shared/)).toBeTruthy();
    expect(chosen.getByText('Larger than 50 MB, the most a document may be.')).toBeTruthy();
    expect(chosen.getByText('This file is empty.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: category.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the uploads' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith([files[0], files[4]], {
      category_id: category.id,
      audience: { course_ids: [], grade_ids: [], section_ids: [], scope: 'college' },
    });
  });

  it('asks for a file and a category before queuing anything', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    withI18n(
      <UploadForm
        categories={[category]}
        audience={{ courses: [], grades: [], sections: [] }}
        onSubmit={onSubmit}
        onCancel={() => undefined}
        describeError={() => ''}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to the uploads' }));
    expect(await screen.findByText('Choose at least one file.')).toBeTruthy();
    expect(screen.getByText('Choose a category.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

const row = (fields: Partial<DocumentUpload>): DocumentUpload => ({
  id: fields.name ?? 'id',
  file: new Blob(),
  name: 'circular.pdf',
  size: 5 * 1024 * 1024,
  category_id: category.id,
  audience: { course_ids: [], grade_ids: [], section_ids: [], scope: 'college' },
  createdAt: '2026-03-01T10:00:00.000Z',
  sent: 0,
  state: 'queued',
  ...fields,
});

describe('the upload queue', () => {
  it('shows each file’s progress and state, and offers to try again or remove', async () => {
    const onRetry = vi.fn();
    const onRemove = vi.fn();
    const uploads = [
      row({ name: 'horario.pdf', state: 'uploading', sent: 2.5 * 1024 * 1024 }),
      row({ name: 'rubrica.pdf', state: 'paused', sent: 1024 * 1024 }),
      row({ name: 'programa.pdf', state: 'failed', error: { kind: 'refused', message: messages.documentTypeRefused } }),
      row({ name: 'lista.pdf' }),
    ];
    withI18n(<UploadQueueView uploads={uploads} online onRetry={onRetry} onRemove={onRemove} />);

    const sending = screen.getByRole('progressbar', { name: 'horario.pdf' });
    expect(sending.getAttribute('aria-valuenow')).toBe('50');
    expect(sending.getAttribute('aria-valuetext')).toBe('2.5 MB of 5 MB');
    expect(screen.getByText('Sending: 2.5 MB of 5 MB')).toBeTruthy();
    expect(screen.getByText('Paused: the upload was interrupted. It will go on by itself.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Not sent: This kind of file cannot be shared. Upload a PDF, an image, an office document or plain text.',
    );
    expect(screen.getByText('Waiting to be sent')).toBeTruthy();

    const failed = within(screen.getByRole('article', { name: 'programa.pdf' }));
    fireEvent.click(failed.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledWith('programa.pdf');
    fireEvent.click(failed.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledWith('programa.pdf');
  });

  it('says a file waits for the network while offline', () => {
    withI18n(
      <UploadQueueView
        uploads={[row({}), row({ name: 'rubrica.pdf', state: 'paused' })]}
        online={false}
        onRetry={() => undefined}
        onRemove={() => undefined}
      />,
    );
    expect(screen.getByText('Not sent: it will be sent when you are back online.')).toBeTruthy();
    expect(screen.getByText('Paused: you are offline. It will go on when you are back online.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try now' })).toBeNull();
  });

  it('says what each attachment is for, that it waits for its publication, and when its publication is gone', () => {
    const onRemove = vi.fn();
    const { category_id: _c, audience: _a, ...file } = row({});
    const attachment = (fields: Partial<AttachmentUpload>): AttachmentUpload => ({
      ...file,
      kind: 'attachment',
      owner: 'post',
      owner_id: 'post-1',
      ownerTitle: 'Acto del 18',
      ...fields,
    });
    const uploads = [
      attachment({ id: 'a1', name: 'acto.jpg' }),
      attachment({ id: 'a2', name: 'salida.pdf', owner: 'event', owner_id: 'event-1', ownerTitle: 'Salida pedagógica' }),
      attachment({ id: 'a3', name: 'borrador.pdf', owner_id: 'post-2', ownerTitle: 'Borrador', state: 'failed', error: { kind: 'ownerGone' } }),
    ];
    withI18n(<UploadQueueView uploads={uploads} online waitingOwners={new Set(['post-1'])} onRetry={() => undefined} onRemove={onRemove} />);

    const waiting = within(screen.getByRole('article', { name: 'acto.jpg' }));
    expect(waiting.getByText('For the publication: Acto del 18')).toBeTruthy();
    expect(waiting.getByText('Waiting: it is sent once the publication is on the server.')).toBeTruthy();
    const next = within(screen.getByRole('article', { name: 'salida.pdf' }));
    expect(next.getByText('For the event: Salida pedagógica')).toBeTruthy();
    expect(next.getByText('Waiting to be sent')).toBeTruthy();
    const gone = within(screen.getByRole('article', { name: 'borrador.pdf' }));
    expect(gone.getByRole('alert').textContent).toBe('Not sent: the publication was deleted, or its creation was discarded.');
    expect(gone.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(gone.getByRole('button', { name: 'Dismiss' }));
    expect(onRemove).toHaveBeenCalledWith('a3');
  });
});
