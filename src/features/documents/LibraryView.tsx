import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { DocumentCategory, DocumentRow } from '../../../contract/documents';
import { EmptyState, LoadingState } from '../../ui/ScreenStates';
import { SearchBox } from '../../ui/SearchBox';

export interface LibraryViewProps {
  categories: readonly DocumentCategory[];
  /** The category shown, or null for every document. */
  category: DocumentCategory | null;
  documents: readonly DocumentRow[] | undefined;
  counts: ReadonlyMap<string, number> | undefined;
  search: string;
  onSearch: (text: string) => void;
  /** The first sync is still downloading: an empty list may just not have arrived yet. */
  initialSync: boolean;
  /** "Upload documents", "Categories": what this member may do here. */
  actions?: ReactNode;
  /** Above the list: the uploads under way, keeping the category on the device. */
  before?: ReactNode;
  /** Below the list: what the device holds (the storage panel). */
  after?: ReactNode;
  renderDocument: (document: DocumentRow) => ReactNode;
}

/** `/documentos` and `/documentos/:category`: the library, by category, newest first. */
export function LibraryView(props: LibraryViewProps) {
  const { categories, category, documents, counts, search, onSearch, initialSync, actions, before, after, renderDocument } = props;
  const { t } = useLingui();
  return (
    <div className="page documents-page">
      <header className="page-header documents-header">
        <h1 dir="auto">{category ? category.name : <Trans>Documents</Trans>}</h1>
        {actions ? <div className="documents-actions">{actions}</div> : null}
      </header>
      <div className="documents-toolbar">
        <nav className="category-tabs" aria-label={t`Categories`}>
          <NavLink to="/documentos" className="category-tab" end>
            <Trans>All</Trans>
          </NavLink>
          {categories.map((item) => (
            <NavLink key={item.id} to={`/documentos/${item.id}`} className="category-tab" title={item.name} end>
              <span className="chip-text" dir="auto">
                {item.name}
              </span>
              {counts?.get(item.id) ? (
                <span className="category-tab-count">
                  <span aria-hidden="true">{counts.get(item.id)}</span>
                  <span className="visually-hidden">
                    <Plural value={counts.get(item.id)!} one="# document" other="# documents" />
                  </span>
                </span>
              ) : null}
            </NavLink>
          ))}
        </nav>
        <SearchBox className="documents-search" value={search} onSearch={onSearch} label={t`Search documents by name`} />
      </div>
      {before}
      <section aria-label={t`Documents`} aria-busy={documents === undefined}>
        {documents === undefined ? (
          <LoadingState label={t`Loading…`} />
        ) : documents.length === 0 ? (
          search.trim() ? (
            <EmptyState>
              <Trans>No matching results found</Trans>
            </EmptyState>
          ) : initialSync ? (
            <LoadingState label={t`Downloading the library…`} />
          ) : (
            <EmptyState>{category ? <Trans>No documents in this category yet</Trans> : <Trans>No documents yet</Trans>}</EmptyState>
          )
        ) : (
          <>
            <p className="muted documents-count" role="status">
              <Plural value={documents.length} one="# document" other="# documents" />
            </p>
            <ul className="document-list">
              {documents.map((document) => (
                <li key={document.id}>{renderDocument(document)}</li>
              ))}
            </ul>
          </>
        )}
      </section>
      {after}
    </div>
  );
}
