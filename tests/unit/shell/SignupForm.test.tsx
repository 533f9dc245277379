import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { SignupForm } from '../../../src/features/auth/SignupForm';

function renderSignup() {
  const onSubmit = vi.fn().mockResolvedValue(null);
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <SignupForm onSubmit={onSubmit} />
      </MemoryRouter>
    </I18nProvider>,
  );
  return onSubmit;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the sign-up form', () => {
  it('shows the spec messages for an empty form', async () => {
    const onSubmit = renderSignup();
    submit();
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    expect(screen.getByText(messages.passwordConfirm)).toBeTruthy();
    expect(screen.getAllByText(messages.required).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a bad email, a short password and a mismatched confirmation', async () => {
    renderSignup();
    type('Name', 'Ana');
    type('Email', 'not-an-email');
    type('Password', 'short');
    type('Confirm password', 'other');
    submit();
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    expect(screen.getByText(messages.passwordMin)).toBeTruthy();
    expect(screen.getByText(messages.passwordMismatch)).toBeTruthy();
  });

  it('sends a valid form with the promotions choice', async () => {
    const onSubmit = renderSignup();
    type('Name', 'Ana');
    type('Email', 'ana@example.com');
    type('Password', 'long-enough-1');
    type('Confirm password', 'long-enough-1');
    fireEvent.click(screen.getByLabelText('Send me news and promotional offers'));
    submit();
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Ana',
        email: 'ana@example.com',
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
        promotions: true,
      }),
    );
  });
});
