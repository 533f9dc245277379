import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textPieces } from '../../../src/features/messenger/messageLinks';
import { MessageText } from '../../../src/features/messenger/MessageText';
import { bubbleState, othersProgress } from '../../../src/features/messenger/messageState';
import type { OutboxEntry } from '../../../src/db/database';
import { aMember } from './messengerTestKit';

describe('a message’s text', () => {
  it('makes http and https addresses links, leaving the sentence’s punctuation out', () => {
    expect(textPieces('Fotos: https://colinas.cl/galeria?año=2026. ¡Mírenlas!')).toEqual([
      { kind: 'text', text: 'Fotos: ' },
      { kind: 'link', text: 'https://colinas.cl/galeria?año=2026', href: 'https://colinas.cl/galeria?a%C3%B1o=2026' },
      { kind: 'text', text: '. ¡Mírenlas!' },
    ]);
    expect(textPieces('(ver http://es.wikipedia.org/wiki/Cerro_(Valparaíso))')).toEqual([
      { kind: 'text', text: '(ver ' },
      { kind: 'link', text: 'http://es.wikipedia.org/wiki/Cerro_(Valparaíso)', href: 'http://es.wikipedia.org/wiki/Cerro_(Valpara%C3%ADso)' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox', 'ftp://colinas.cl/a', 'file:///etc/passwd']) {
      expect(textPieces(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('shows hostile markup as the letters it is, with no element made of it', () => {
    const hostile = '<img src=x onerror="alert(1)"> <script>alert(2)</script> https://colinas.cl/"><img src=x onerror=alert(3)>';
    const { container } = render(<MessageText text={hostile} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toBe(hostile);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('rel'), link.getAttribute('target')])).toEqual([
      ['https://colinas.cl/', 'noopener noreferrer', '_blank'],
    ]);
  });
});

describe('the state under my bubbles', () => {
  const entry = (status: OutboxEntry['status']): OutboxEntry => ({
    id: 'm',
    name: 'messenger.send',
    args: {},
    entity: 'messages',
    entityId: 'x',
    status,
    attempts: 0,
    createdAt: '',
  });

  it('waits, sends and fails with the outbox; then is sent, delivered and read as every other member gets there', () => {
    const members = [
      aMember('c', 'me'),
      aMember('c', 'ana', { delivered_position: 9, read_position: 4 }),
      aMember('c', 'luis', { delivered_position: 7, read_position: 7 }),
    ];
    const others = othersProgress(members, 'me');
    expect(others).toEqual({ delivered: 7, read: 4 });
    expect(bubbleState({ position: 0 }, [entry('queued')], others)).toBe('waiting');
    expect(bubbleState({ position: 0 }, [entry('sending')], others)).toBe('sending');
    expect(bubbleState({ position: 0 }, [entry('queued'), entry('attention')], others)).toBe('failed');
    // Applied, its placed row not pulled yet.
    expect(bubbleState({ position: 0 }, [], others)).toBe('sent');
    expect(bubbleState({ position: 8 }, [], others)).toBe('sent');
    expect(bubbleState({ position: 7 }, [], others)).toBe('delivered');
    expect(bubbleState({ position: 4 }, [], others)).toBe('read');
    // An edit waiting shows the clock again.
    expect(bubbleState({ position: 4 }, [entry('queued')], others)).toBe('waiting');
    expect(bubbleState({ position: 4 }, [], othersProgress([aMember('c', 'me')], 'me'))).toBe('sent');
  });
});
