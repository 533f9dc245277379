import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PushCardView, type PushCardViewProps } from '../../../src/push/PushCardView';

function renderView(props: Partial<PushCardViewProps>) {
  const handlers = { onTurnOn: vi.fn(), onTurnOff: vi.fn() };
  render(
    <I18nProvider i18n={i18n}>
      <PushCardView status="off" online busy={null} dismissed={false} error={null} {...handlers} {...props} />
    </I18nProvider>,
  );
  return handlers;
}

describe('alerts on this device, on the profile', () => {
  it('explains what alerts are before offering to turn them on, and asks nothing until the click', () => {
    const { onTurnOn } = renderView({ status: 'off' });
    const card = screen.getByRole('region', { name: 'Alerts on this device' });
    expect(card.textContent).toMatch(/emergency alerts from the school/);
    const button = screen.getByRole('button', { name: 'Turn on alerts' });
    expect(card.textContent.indexOf('emergency alerts')).toBeLessThan(card.textContent.indexOf('Turn on alerts'));
    expect(onTurnOn).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(onTurnOn).toHaveBeenCalledOnce();
  });

  it('offers to turn them off when they are on', () => {
    const { onTurnOff } = renderView({ status: 'on' });
    expect(screen.getByText('Alerts are on for this device.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off alerts on this device' }));
    expect(onTurnOff).toHaveBeenCalledOnce();
  });

  it('says offline that nothing can change now, and disables the buttons', () => {
    renderView({ status: 'on', online: false });
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Turn off alerts on this device' }).disabled).toBe(true);
  });

  it('tells how to unblock notifications when the site is blocked, with nothing to click', () => {
    renderView({ status: 'blocked' });
    expect(screen.getByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks to install the app first on an iPhone, and says so where push is missing', () => {
    renderView({ status: 'needs-install' });
    expect(screen.getByText(/Add to Home Screen/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says it when the browser cannot receive alerts', () => {
    renderView({ status: 'unsupported' });
    expect(screen.getByText(/This browser cannot receive alerts/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a refusal and a closed prompt, keeping the button', () => {
    renderView({ status: 'off', dismissed: true, error: 'This device could not be registered for notifications.' });
    expect(screen.getByRole('alert').textContent).toContain('This device could not be registered for notifications.');
    expect(screen.getByText(/You did not answer the browser's question/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn on alerts' })).toBeTruthy();
  });
});
