import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from '../../../src/richText/RichTextEditor';

async function openEditor(initialHtml: string) {
  const onChange = vi.fn<(html: string) => void>();
  render(
    <I18nProvider i18n={i18n}>
      <RichTextEditor label="Content" initialHtml={initialHtml} onChange={onChange} />
    </I18nProvider>,
  );
  const textbox = await screen.findByRole('textbox', { name: 'Content' });
  return { onChange, textbox, last: () => onChange.mock.lastCall?.[0] };
}

describe('the rich-text editor', () => {
  it('opens a post as it was written, in its own direction, with the toolbar announcing its shortcuts', async () => {
    const { textbox, onChange } = await openEditor('<p>Hola <strong>mundo</strong></p><ul><li>uno</li></ul>');
    expect(textbox.innerHTML).toContain('<strong>mundo</strong>');
    expect(textbox.getAttribute('dir')).toBe('auto');
    expect(textbox.getAttribute('aria-multiline')).toBe('true');
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-keyshortcuts')).toBe('Control+B');
    expect(screen.getByRole('button', { name: 'Numbered list' }).getAttribute('aria-keyshortcuts')).toBe('Control+Shift+7');
    expect(screen.getByRole('toolbar', { name: 'Formatting' }).getAttribute('aria-controls')).toBe(textbox.id);
    // Opening changes nothing: the form keeps the post's HTML until someone edits.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('turns the paragraph at the caret into a list and says so on the button', async () => {
    const { last } = await openEditor('<p>Hola</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(last()).toBe('<ul><li>Hola</li></ul>'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Numbered list' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('inserts a link from the dialog with the rel the server sets, and refuses a javascript: address', async () => {
    const { last } = await openEditor('<p>Hola</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = await screen.findByLabelText('Link address');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    expect(await screen.findByText('Enter a web address (https://…) or an email address (mailto:…).')).toBeTruthy();
    fireEvent.change(address, { target: { value: 'colinas.test/horario' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    await waitFor(() => expect(last()).toContain('<a rel="noopener noreferrer" href="https://colinas.test/horario">https://colinas.test/horario</a>'));
    expect(last()).not.toContain('target');
  });
});
