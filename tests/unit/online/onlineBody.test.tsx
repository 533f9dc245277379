import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OnlineBody } from '../../../src/online/OnlineBody';
import type { ResourceLoad } from '../../../src/online/useOnlineResource';

function show(load: ResourceLoad<string>, online: boolean, onRetry = () => {}) {
  return render(
    <I18nProvider i18n={i18n}>
      <section aria-label="Card">
        <OnlineBody load={load} online={online} loadingLabel="Loading the figures…" onRetry={onRetry}>
          {(data) => <p>Answer: {data}</p>}
        </OnlineBody>
      </section>
    </I18nProvider>,
  );
}

describe('the body of a card read from the server', () => {
  it('shows nothing offline before anything was read (the card says it needs a connection)', () => {
    show({ status: 'loading' }, false);
    expect(screen.getByRole('region', { name: 'Card' }).textContent).toBe('');
  });

  it('says what it is loading', () => {
    show({ status: 'loading' }, true);
    expect(screen.getAllByText('Loading the figures…').length).toBeGreaterThan(0);
  });

  it('says why it failed, and asks again on "Try again"', () => {
    const onRetry = vi.fn();
    show({ status: 'failed', error: 'The server did not answer.' }, true, onRetry);
    expect(screen.getByText('The server did not answer.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('draws the answer, also offline once it was read', () => {
    show({ status: 'ready', data: '42' }, false);
    expect(screen.getByText('Answer: 42')).toBeTruthy();
  });
});
