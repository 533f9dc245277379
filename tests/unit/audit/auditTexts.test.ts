import { i18n, setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { hiddenValue } from '../../../contract/audit';
import { browserOf, fieldLabel, valueText } from '../../../src/features/audit/auditTexts';
import { auditUi } from '../../../src/features/audit/ui';

describe('what the audit screen says of recorded values', () => {
  const nameOf = (id: string) => (id === 'sec-1a' ? '1° Básico A' : undefined);

  it('names the messenger rule’s cells by their groups, and a field it does not know as written', () => {
    expect(fieldLabel(i18n, 'guardian_to_student')).toBe('Guardians → Students');
    expect(fieldLabel(i18n, 'staff_available_from')).toBe('staff available from');
    expect(fieldLabel(i18n, 'section_ids')).toBe('Sections');
  });

  it('names a group of members in the plural in every language, where a member’s role is singular', async () => {
    const { messages } = (await import('../../../src/locales/es/messages.po')) as { messages: Messages };
    const es = setupI18n({ locale: 'es', messages: { es: messages } });
    expect(fieldLabel(es, 'staff_to_guardian')).toBe('Funcionarios → Apoderados');
    expect(valueText(es, 'role', 'staff', nameOf)).toBe('Funcionario');
  });

  it('shows secrets as hidden, nothing as a dash, words of ours translated and ids by name', () => {
    expect(valueText(i18n, 'pin', hiddenValue, nameOf)).toBe('(hidden)');
    expect(valueText(i18n, 'phone', '', nameOf)).toBe('—');
    expect(valueText(i18n, 'child_ids', [], nameOf)).toBe('—');
    expect(valueText(i18n, 'role', 'guardian', nameOf)).toBe('Guardian');
    // A name that happens to be one of our words stays a name.
    expect(valueText(i18n, 'name', 'active', nameOf)).toBe('active');
    expect(valueText(i18n, 'students_reply_in_groups', false, nameOf)).toBe('No');
    expect(valueText(i18n, 'section_ids', ['sec-1a', '0193a1b2-0000-7000-8000-0000abcdef12'], nameOf)).toBe('1° Básico A, abcdef12');
    expect(valueText(i18n, 'staff_hours_days', ['1', '5', '7'], nameOf)).toBe('Monday, Friday, Sunday');
  });

  it('tells browsers and systems apart from the user agent', () => {
    expect(browserOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe(
      'Safari · iOS',
    );
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge · Windows');
    expect(browserOf('lightMyRequest')).toBe('');
  });
});

describe('a retention change in the outbox', () => {
  it('is named by the years it asks for, and leads back to the audit screen', () => {
    const entry = {
      id: 'e1',
      name: 'audit.setRetention',
      args: { years: 5 },
      entity: 'auditSettings',
      entityId: 'college-1',
      status: 'queued',
      attempts: 0,
      createdAt: '',
    } as const;
    expect(auditUi.outbox!.label(i18n, { ...entry }, '')).toBe('Keep the audit trail for 5 years');
    expect(auditUi.outbox!.label(i18n, { ...entry, args: { years: 1 } }, '')).toBe('Keep the audit trail for 1 year');
    expect(auditUi.outbox!.fixHref!({ ...entry })).toBe('/admin/audit');
  });
});
