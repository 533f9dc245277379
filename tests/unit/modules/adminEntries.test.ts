import { describe, expect, it } from 'vitest';
import { adminEntriesFor } from '../../../src/modules/uiModule';
import { uiModules } from '../../../src/registry/uiModules';

describe('the administration’s entries', () => {
  it('lists the screens an administrator may open, in order, and none to students or guardians', () => {
    const admin = adminEntriesFor(uiModules, 'admin').map((entry) => entry.to);
    expect(admin).toContain('/admin/structure');
    expect(admin).toContain('/admin/billing');
    expect(admin.indexOf('/admin/structure')).toBeLessThan(admin.indexOf('/admin/billing'));
    expect(adminEntriesFor(uiModules, 'student')).toEqual([]);
    expect(adminEntriesFor(uiModules, 'guardian')).toEqual([]);
    expect(adminEntriesFor(uiModules, null)).toEqual([]);
  });

  it('puts every administration screen under /admin (or at its path of the original, /users), none of them also in the navigation', () => {
    const navigation = new Set(uiModules.flatMap((module) => module.nav ?? []).map((entry) => entry.to));
    // The original app's own paths for administration screens (docs/decisions.md): kept as they were.
    const originalPaths = new Set(['/users']);
    for (const entry of adminEntriesFor(uiModules, 'admin')) {
      expect(entry.to.startsWith('/admin/') || originalPaths.has(entry.to), entry.to).toBe(true);
      expect(navigation.has(entry.to), entry.to).toBe(false);
    }
  });
});
