import { useLingui } from '@lingui/react/macro';
import './richText.css';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '../ui/FieldError';
import { EditorToolbar, type EditorCommand } from './EditorToolbar';
import { LinkDialog } from './LinkDialog';

export interface RichTextEditorProps {
  label: string;
  /** The HTML the editor starts with; later changes come from the person typing. */
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}

const stateCommands = ['bold', 'italic', 'insertUnorderedList', 'insertOrderedList'] as const;

/**
 * A small rich-text editor: a labelled contentEditable textbox with a toolbar for bold,
 * italic, lists and links. Its HTML is normalised by the sanitiser before it is saved, so
 * whatever the browser produces here becomes the server's allow-list tags.
 */
export function RichTextEditor({ label, initialHtml, onChange, error }: RichTextEditorProps) {
  const { t } = useLingui();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const editorRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<ReadonlySet<EditorCommand>>(new Set());
  const [linkOpen, setLinkOpen] = useState(false);
  // The text's own direction once there is some; an empty `dir="auto"` box would be ltr.
  const [written, setWritten] = useState(() => initialHtml.trim() !== '');

  useEffect(() => {
    if (editorRef.current) editorRef.current.innerHTML = initialHtml;
    // Only the first HTML: re-setting it while typing would move the caret.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const update = () => {
      const editor = editorRef.current;
      const selection = document.getSelection();
      if (!editor || !selection?.anchorNode || !editor.contains(selection.anchorNode)) return;
      setActive(new Set(stateCommands.filter((command) => document.queryCommandState?.(command))));
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, []);

  const emit = () => {
    setWritten(Boolean(editorRef.current?.textContent?.trim()));
    onChange(editorRef.current?.innerHTML ?? '');
  };

  function run(command: EditorCommand) {
    if (command === 'link') {
      const selection = document.getSelection();
      savedRange.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
      setLinkOpen(true);
      return;
    }
    editorRef.current?.focus();
    document.execCommand(command);
    emit();
  }

  function insertLink(href: string) {
    setLinkOpen(false);
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    const selection = document.getSelection();
    if (selection && savedRange.current) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && !selection.isCollapsed) {
      document.execCommand('createLink', false, href);
    } else {
      // Nothing selected: the address becomes the link's text.
      const link = document.createElement('a');
      link.href = href;
      link.textContent = href;
      document.execCommand('insertHTML', false, link.outerHTML);
    }
    emit();
  }

  return (
    <div className="field rich-text">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div className={`editor ${error ? 'editor-invalid' : ''}`}>
        <EditorToolbar active={active} onCommand={run} controls={id} label={t`Formatting`} />
        <div
          id={id}
          ref={editorRef}
          className="editor-content"
          dir={written ? 'auto' : undefined}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-field="content"
          tabIndex={0}
          onInput={emit}
          onBlur={emit}
        />
      </div>
      <FieldError id={errorId} message={error} />
      <LinkDialog open={linkOpen} onOpenChange={setLinkOpen} onInsert={insertLink} />
    </div>
  );
}
