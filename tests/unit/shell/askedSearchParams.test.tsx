import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useAskedSearchParams } from '../../../src/ui/useAskedSearchParams';

/**
 * A screen whose "Show archived" box writes `?archived=1`, as the structure screen's does, and
 * whose archived part takes its time (it suspends until the test lets it go): the router's
 * move to the new address is a transition, which React does not commit while it waits.
 */
function screenWith(readParams: () => [URLSearchParams, (next: Record<string, string>) => void]) {
  let release = () => {};
  const archivedPart = new Promise<void>((resolve) => (release = resolve));
  const Archived = lazy(() => archivedPart.then(() => ({ default: () => <p>Archived items</p> })));
  function Structure() {
    const [params, setParams] = readParams();
    const shown = params.get('archived') === '1';
    return (
      <>
        <label>
          <input type="checkbox" checked={shown} onChange={(event) => setParams(event.target.checked ? { archived: '1' } : {})} />
          Show archived
        </label>
        <Suspense fallback={<p>Loading…</p>}>{shown ? <Archived /> : null}</Suspense>
      </>
    );
  }
  const router = createMemoryRouter([{ path: '/admin/structure', Component: Structure }], { initialEntries: ['/admin/structure'] });
  render(<RouterProvider router={router} />);
  return { router, release: () => release() };
}

describe('a box that writes its value to the address', () => {
  it('shows the choice at once, while the move to the new address waits, and keeps it once there', async () => {
    const { router, release } = screenWith(() => useAskedSearchParams());
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Show archived' });
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await act(() => Promise.resolve(release()));
    expect(router.state.location.search).toBe('?archived=1');
    expect(await screen.findByText('Archived items')).toBeTruthy();
    expect(box.checked).toBe(true);
  });

  it('springs back meanwhile when it reads the address as it is (what the hook is for)', async () => {
    const { release } = screenWith(() => useSearchParams());
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Show archived' });
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await act(() => Promise.resolve(release()));
    expect(await screen.findByText('Archived items')).toBeTruthy();
    expect(box.checked).toBe(true);
  });
});
