import { lazy, Suspense } from 'react';
import './richText.css';
import { retryOnce } from '../ui/lazyScreen';
import type { RichTextEditorProps } from './editorProps';

export type { RichTextEditorProps } from './editorProps';

const TiptapEditor = lazy(retryOnce(() => import('./TiptapEditor').then((m) => ({ default: m.TiptapEditor }))));

/**
 * The rich-text field of the forms that edit (posts, events). The editor and Tiptap are a
 * chunk of their own, fetched when a form opens: the screens that only read never load them.
 * Until it arrives, the field's frame holds its place, so nothing moves when it does.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder label={props.label} />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}

function EditorPlaceholder({ label }: { label: string }) {
  return (
    <div className="field rich-text" aria-busy="true">
      <span className="field-label">{label}</span>
      <div className="editor">
        <div className="editor-toolbar editor-toolbar-placeholder" />
        <div className="editor-content" />
      </div>
    </div>
  );
}
