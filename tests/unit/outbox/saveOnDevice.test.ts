import { i18n } from '@lingui/core';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveOnDevice } from '../../../src/forms/localSave';
import { StorageFullError } from '../../../src/sync/StorageFullError';
import { dismissAllToasts, useToasts } from '../../../src/ui/toastStore';

afterEach(() => act(() => dismissAllToasts()));

const toasts = () => renderHook(() => useToasts()).result;

describe('a change written to this device from a list or a setting', () => {
  it('answers that it was written, and shows nothing', async () => {
    const shown = toasts();
    expect(await saveOnDevice(() => Promise.resolve(), i18n)).toBe(true);
    expect(shown.current).toEqual([]);
  });

  it('says a full device in words the person can act on', async () => {
    const shown = toasts();
    let written: boolean | undefined;
    await act(async () => {
      written = await saveOnDevice(() => Promise.reject(new StorageFullError()), i18n);
    });
    expect(written).toBe(false);
    expect(shown.current.map(({ text, tone }) => [text, tone])).toEqual([["This device's storage is full. Free some space and try again.", 'error']]);
  });

  it('says any other failure as the screen words it, or as a change not saved', async () => {
    const shown = toasts();
    await act(async () => {
      await saveOnDevice(() => Promise.reject(new Error('closed')), i18n, 'The document could not be deleted. Please try again.');
      await saveOnDevice(() => Promise.reject(new Error('closed')), i18n);
    });
    expect(shown.current.map(({ text }) => text)).toEqual([
      'The document could not be deleted. Please try again.',
      'The change could not be saved on this device. Please try again.',
    ]);
  });
});
