import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render as renderPlain, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from '../../../contract/zod';
import { validateWith, type FieldErrors } from '../../../src/forms/fieldErrors';
import { useOutboxForm } from '../../../src/forms/useOutboxForm';
import { StorageFullError } from '../../../src/sync/StorageFullError';

const fields = z.object({
  title: z.string().trim().min(1, { error: 'The title is required.' }),
  email: z.string().trim().includes('@', { error: 'The email is not valid.' }),
});
type Values = z.input<typeof fields>;

const blank: Values = { title: '', email: 'ana@colinas.test' };

function ContactLikeForm({
  save,
  initialErrors,
  startsOver = false,
}: {
  save: (data: z.infer<typeof fields>) => Promise<void>;
  initialErrors?: FieldErrors;
  /** Stays open after it sent, empty again (as the messenger's composer does). */
  startsOver?: boolean;
}) {
  const form = useOutboxForm({
    initial: blank,
    initialErrors,
    validate: (values: Values) => validateWith(fields, values),
    serverOnly: ['email'],
    save: async (data) => {
      await save(data);
      if (startsOver) form.reset(blank);
    },
    saveFailed: 'This item could not be saved on this device. Please try again.',
  });
  return (
    <form noValidate onSubmit={form.submit} aria-label="Item">
      {form.formError ? <p role="alert">{form.formError}</p> : null}
      <label>
        Title
        <input name="title" value={form.values.title} onChange={(event) => form.set({ title: event.target.value })} />
      </label>
      {form.errors.title ? <p>{form.errors.title}</p> : null}
      <label>
        Email
        <input name="email" value={form.values.email} onChange={(event) => form.set({ email: event.target.value })} />
      </label>
      {form.errors.email ? <p>{form.errors.email}</p> : null}
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

const render = (ui: ReactElement) => renderPlain(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
const title = () => screen.getByRole('textbox', { name: 'Title' });
const email = () => screen.getByRole('textbox', { name: 'Email' });
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Item' }));

describe('a form that writes through the outbox', () => {
  it('checks nothing while first filled, then clears an error as soon as its field is valid and shows it again as the person types', () => {
    const save = vi.fn(() => Promise.resolve());
    render(<ContactLikeForm save={save} />);
    fireEvent.change(email(), { target: { value: 'ana' } });
    expect(screen.queryByText('The email is not valid.')).toBeNull();
    fireEvent.change(email(), { target: { value: 'ana@colinas.test' } });

    submit();
    expect(screen.getByText('The title is required.')).toBeTruthy();
    expect(document.activeElement).toBe(title());
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(title(), { target: { value: 'Feria del libro' } });
    expect(screen.queryByText('The title is required.')).toBeNull();
    fireEvent.change(title(), { target: { value: ' ' } });
    expect(screen.getByText('The title is required.')).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'ana' } });
    expect(screen.getByText('The email is not valid.')).toBeTruthy();
  });

  it('writes a valid form once however often it is sent, and is busy until the write ended', async () => {
    let finish = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ContactLikeForm save={save} />);
    fireEvent.change(title(), { target: { value: 'Feria del libro' } });
    submit();
    submit();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ title: 'Feria del libro', email: 'ana@colinas.test' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true);
    await act(() => {
      finish();
      return Promise.resolve();
    });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  });

  it('keeps every value when the write on the device fails, and says why above the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = vi.fn(() => Promise.reject(new Error('IndexedDB went away')));
    render(<ContactLikeForm save={save} />);
    fireEvent.change(title(), { target: { value: 'Feria del libro' } });
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This item could not be saved on this device. Please try again.');
    expect(title()).toHaveProperty('value', 'Feria del libro');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  });

  it('says a full disk in words the person can act on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ContactLikeForm save={() => Promise.reject(new StorageFullError())} />);
    fireEvent.change(title(), { target: { value: 'Feria del libro' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('storage is full');
  });

  it('keeps an error only the server finds until its own field changes', () => {
    render(<ContactLikeForm save={() => Promise.resolve()} initialErrors={{ email: 'Another member has this email.' }} />);
    expect(screen.getByText('Another member has this email.')).toBeTruthy();
    fireEvent.change(title(), { target: { value: 'Feria del libro' } });
    expect(screen.getByText('Another member has this email.')).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'ana.perez@colinas.test' } });
    expect(screen.queryByText('Another member has this email.')).toBeNull();
  });

  it('starts over after a send when asked: empty, and quiet again until the next failed submit', async () => {
    const save = vi.fn(() => Promise.resolve());
    render(<ContactLikeForm save={save} startsOver />);
    submit();
    expect(screen.getByText('The title is required.')).toBeTruthy();
    fireEvent.change(title(), { target: { value: 'Feria del libro' } });
    submit();
    await screen.findByRole('button', { name: 'Save' });
    expect(save).toHaveBeenCalledTimes(1);
    expect((title() as HTMLInputElement).value).toBe('');
    fireEvent.change(title(), { target: { value: 'x' } });
    fireEvent.change(title(), { target: { value: '' } });
    expect(screen.queryByText('The title is required.')).toBeNull();
  });
});
