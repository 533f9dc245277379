import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { serverMessageDescriptors, translateServerMessage } from '../../../src/i18n/serverMessages';

describe('translating server messages', () => {
  it('has a translatable entry for every message of the contract', () => {
    for (const text of Object.values(messages)) {
      expect(serverMessageDescriptors[text], text).toBeDefined();
    }
  });

  it('shows the translation of a known server message', () => {
    const descriptor = serverMessageDescriptors[messages.rutInvalid];
    const i18n = setupI18n({ locale: 'es', messages: { es: { [descriptor.id]: 'Ingresa un RUT válido' } } });
    expect(translateServerMessage(i18n, messages.rutInvalid)).toBe('Ingresa un RUT válido');
  });

  it('shows an unknown message as the server sent it', () => {
    const i18n = setupI18n({ locale: 'es', messages: { es: {} } });
    expect(translateServerMessage(i18n, 'Something new from a newer server')).toBe('Something new from a newer server');
  });
});
