import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { dismissAllToasts } from '../../src/ui/toastStore';

// Tests render with the source texts (en): the macros keep the English message in dev.
i18n.loadAndActivate({ locale: 'en', messages: {} });

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'token=; path=/; max-age=0';
});

afterEach(() => {
  cleanup();
  // The toast store is global: one test's toasts must not show in the next.
  dismissAllToasts();
});
