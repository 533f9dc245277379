import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useAskedSearchParams } from '../../../src/ui/useAskedSearchParams';

/** A box that writes `?archived=1`, as the structure screen's "Show archived" does. */
function ArchivedBox({ read }: { read: () => URLSearchParams }) {
  const [, setParams] = useSearchParams();
  const checked = read().get('archived') === '1';
  return (
    <label>
      <input type="checkbox" checked={checked} onChange={(event) => setParams(event.target.checked ? { archived: '1' } : {}, { replace: true })} />
      Show archived
    </label>
  );
}

/** The screen under a route whose loader the test holds: the router moves only once it is let go. */
function renderHeld(read: () => URLSearchParams) {
  let release = () => {};
  let calls = 0;
  const router = createMemoryRouter(
    [
      {
        path: '/admin/structure',
        loader: () => {
          calls++;
          if (calls === 1) return null;
          return new Promise<null>((resolve) => (release = () => resolve(null)));
        },
        Component: () => <ArchivedBox read={read} />,
      },
    ],
    { initialEntries: ['/admin/structure'] },
  );
  render(<RouterProvider router={router} />);
  return { router, release: () => release() };
}

describe('a box that writes its value to the address', () => {
  it('shows the choice at once, while the router is still moving to the new address, and keeps it once there', async () => {
    const { router, release } = renderHeld(() => useAskedSearchParams());
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Show archived' });
    fireEvent.click(box);
    await act(async () => {});
    expect(router.state.navigation.state).toBe('loading');
    expect(router.state.location.search).toBe('');
    expect(box.checked).toBe(true);

    await act(() => Promise.resolve(release()));
    expect(router.state.location.search).toBe('?archived=1');
    expect(box.checked).toBe(true);
  });

  it('springs back meanwhile when it reads the address as it is (what the hook is for)', async () => {
    const { router, release } = renderHeld(() => useSearchParams()[0]);
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Show archived' });
    fireEvent.click(box);
    await act(async () => {});
    expect(router.state.navigation.state).toBe('loading');
    expect(box.checked).toBe(false);
    await act(() => Promise.resolve(release()));
    expect(box.checked).toBe(true);
  });
});
