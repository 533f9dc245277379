export interface RichTextEditorProps {
  label: string;
  /** The HTML the editor starts with; later changes come from the person typing. */
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}
