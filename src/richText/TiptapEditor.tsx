import { useLingui } from '@lingui/react/macro';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { EditorState } from '@tiptap/pm/state';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FieldError } from '../ui/FieldError';
import { EditorToolbar, type EditorCommand } from './EditorToolbar';
import { editorExtensions, editorHtml } from './editorContent';
import type { RichTextEditorProps } from './editorProps';
import { LinkDialog } from './LinkDialog';
import { sanitizeRichText } from './sanitizeRichText';

const markedCommands = ['bold', 'italic', 'bulletList', 'orderedList'] as const satisfies readonly EditorCommand[];

/**
 * The rich-text editor on Tiptap (ProseMirror): a labelled textbox with a toolbar for bold,
 * italic, lists and links, and Tiptap's keyboard shortcuts. Loaded with the forms that edit
 * (RichTextEditor.tsx), never with the reading screens. Its HTML stays within the allow-list
 * (editorContent.ts); the forms sanitise it again before saving.
 */
export function TiptapEditor({ label, initialHtml, onChange, error }: RichTextEditorProps) {
  const { t } = useLingui();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [linkOpen, setLinkOpen] = useState(false);
  // Read once: the form re-renders on every change, the editor keeps its own document.
  const [initialContent] = useState(() => sanitizeRichText(initialHtml));
  const onChangeRef = useRef(onChange);
  const errorRef = useRef(error);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // ProseMirror's attributes of the textbox, read again on every change of the document.
  const attributes = (state: EditorState): Record<string, string> => ({
    id,
    class: 'editor-content',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    'data-field': 'content',
    // The text's own direction once there is some; an empty `dir="auto"` box would be ltr.
    ...(state.doc.textContent.trim() ? { dir: 'auto' } : {}),
    ...(errorRef.current ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
  });

  const editor = useEditor({
    extensions: editorExtensions,
    content: initialContent,
    // Tiptap's own stylesheet would be an inline <style>, which the CSP refuses; richText.css has it.
    injectCSS: false,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes },
    onUpdate: ({ editor: changed }) => onChangeRef.current(editorHtml(changed)),
  });

  useEffect(() => {
    errorRef.current = error;
    if (!editor.isDestroyed) editor.setOptions({ editorProps: { attributes } });
    // Only when the error changes: the attributes read the rest from the document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, error]);

  const marks = useEditorState({
    editor,
    selector: ({ editor: current }) => markedCommands.filter((command) => current.isActive(command)).join(' '),
  });
  const active = useMemo(() => new Set(marks.split(' ')) as ReadonlySet<EditorCommand>, [marks]);

  function run(command: EditorCommand) {
    if (command === 'link') {
      setLinkOpen(true);
      return;
    }
    const chain = editor.chain().focus();
    if (command === 'bold') chain.toggleBold().run();
    if (command === 'italic') chain.toggleItalic().run();
    if (command === 'bulletList') chain.toggleBulletList().run();
    if (command === 'orderedList') chain.toggleOrderedList().run();
  }

  function insertLink(href: string) {
    setLinkOpen(false);
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address becomes the link's text.
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
  }

  return (
    <div className="field rich-text">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div className={`editor ${error ? 'editor-invalid' : ''}`}>
        <EditorToolbar active={active} onCommand={run} controls={id} label={t`Formatting`} />
        <EditorContent editor={editor} />
      </div>
      <FieldError id={errorId} message={error} />
      <LinkDialog open={linkOpen} onOpenChange={setLinkOpen} onInsert={insertLink} />
    </div>
  );
}
