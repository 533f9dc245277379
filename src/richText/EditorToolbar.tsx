import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { BoldIcon, BulletListIcon, ItalicIcon, LinkIcon, NumberListIcon } from './editorIcons';

export type EditorCommand = 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'link';

export interface EditorToolbarProps {
  /** Which commands are on at the caret (aria-pressed). */
  active: ReadonlySet<EditorCommand>;
  onCommand: (command: EditorCommand) => void;
  controls: string;
  label: string;
}

/** The editor's own shortcuts (Tiptap's; Command on a Mac), announced through aria-keyshortcuts. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- key names (aria-keyshortcuts syntax), not UI text
const KEY_SHORTCUTS = { bold: 'Control+B', italic: 'Control+I', bulletList: 'Control+Shift+8', orderedList: 'Control+Shift+7' } as const;

interface Tool {
  command: EditorCommand;
  label: string;
  shortcut?: string;
  icon: ReactNode;
}

/**
 * The ARIA toolbar pattern: one Tab stop, arrow keys (mirrored in rtl by reading order),
 * Home and End move between buttons. Buttons keep the editor's selection by not taking
 * focus on mouse down.
 */
export function EditorToolbar({ active, onCommand, controls, label }: EditorToolbarProps) {
  const { t } = useLingui();
  const tools: Tool[] = [
    { command: 'bold', label: t`Bold`, shortcut: KEY_SHORTCUTS.bold, icon: <BoldIcon /> },
    { command: 'italic', label: t`Italic`, shortcut: KEY_SHORTCUTS.italic, icon: <ItalicIcon /> },
    { command: 'bulletList', label: t`Bulleted list`, shortcut: KEY_SHORTCUTS.bulletList, icon: <BulletListIcon /> },
    { command: 'orderedList', label: t`Numbered list`, shortcut: KEY_SHORTCUTS.orderedList, icon: <NumberListIcon /> },
    { command: 'link', label: t`Link`, icon: <LinkIcon /> },
  ];
  const [focused, setFocused] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    let next: number | null = null;
    if (event.key in step) next = (focused + (step[event.key] ?? 0) + tools.length) % tools.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tools.length - 1;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    refs.current[next]?.focus();
  }

  return (
    <div className="editor-toolbar" role="toolbar" aria-label={label} aria-controls={controls} onKeyDown={move}>
      {tools.map((tool, index) => (
        <button
          key={tool.command}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          className="editor-tool"
          tabIndex={index === focused ? 0 : -1}
          aria-label={tool.label}
          title={tool.label}
          aria-keyshortcuts={tool.shortcut}
          aria-pressed={tool.command === 'link' ? undefined : active.has(tool.command)}
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setFocused(index)}
          onClick={() => onCommand(tool.command)}
        >
          {tool.icon}
        </button>
      ))}
    </div>
  );
}
