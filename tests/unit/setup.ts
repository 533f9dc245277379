import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { dismissAllToasts } from '../../src/ui/toastStore';
import { fixHappyDom } from './happyDomFixes';

// Tests render with the source texts (en): the macros keep the English message in dev.
i18n.loadAndActivate({ locale: 'en', messages: {} });

// The DOM of the files that have one (not those run with `@vitest-environment node`), as browsers have it.
if (typeof document !== 'undefined') fixHappyDom();

// findBy…/waitFor wait for what a screen shows after its live queries: on a busy 2-core
// machine (the whole suite in parallel) that takes longer than the library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'token=; path=/; max-age=0';
});

afterEach(() => {
  cleanup();
  // The toast store is global: one test's toasts must not show in the next.
  dismissAllToasts();
});
