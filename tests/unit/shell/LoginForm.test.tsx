import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../../src/features/auth/LoginForm';

function renderLogin(onSubmit = vi.fn().mockResolvedValue(null)) {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <LoginForm onSubmit={onSubmit} onForgot={() => undefined} allowSignup />
      </MemoryRouter>
    </I18nProvider>,
  );
  return onSubmit;
}

function fill(identifier: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email or RUT'), { target: { value: identifier } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the login form', () => {
  it('says "Please enter a valid RUT" next to the field for a rut with a wrong check digit', async () => {
    const onSubmit = renderLogin();
    fill('12.345.678-9', 'patio-demo-2026');
    const error = await screen.findByText('Please enter a valid RUT');
    const field = screen.getByLabelText('Email or RUT');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.parentElement!.id);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid rut as a rut', async () => {
    const onSubmit = renderLogin();
    fill('12.345.678-5', 'patio-demo-2026');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ rut: '12.345.678-5' }, 'patio-demo-2026'));
  });

  it('sends an email as an email and stays disabled while signing in', async () => {
    const onSubmit = renderLogin(vi.fn(() => new Promise(() => undefined)));
    fill('admin@colinas.test', 'patio-demo-2026');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'admin@colinas.test' }, 'patio-demo-2026'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' }).disabled).toBe(true);
  });

  it("shows the server's field error from a 422 next to the identifier", async () => {
    renderLogin(vi.fn().mockResolvedValue({ fields: { identifier: 'These credentials do not match our records.' }, form: null }));
    fill('admin@colinas.test', 'wrong-password');
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
  });
});
