import './pagination.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

export interface PaginationProps {
  page: number;
  pages: number;
  /** The address of a page (keeps the category and the search). */
  hrefFor: (page: number) => string;
  onGoTo: (page: number) => void;
}

/** First, last and the pages around the current one; gaps shown as an ellipsis. */
export function visiblePages(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of sorted) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && n - previous > 1) out.push(n - previous === 2 ? previous + 1 : 'gap');
    out.push(n);
  }
  return out;
}

/** Page links plus a "Go to page" field (the original app's paginated lists have a go-to-page control). */
export function Pagination({ page, pages, hrefFor, onGoTo }: PaginationProps) {
  const { t } = useLingui();
  const inputId = useId();
  const [target, setTarget] = useState('');
  if (pages <= 1) return null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const n = Math.round(Number(target));
    if (!Number.isFinite(n) || target.trim() === '') return;
    onGoTo(Math.min(pages, Math.max(1, n)));
    setTarget('');
  }

  return (
    <div className="pagination">
      <nav aria-label={t`Pages`}>
        <ul className="pagination-list">
          <li>
            {page > 1 ? (
              <Link className="page-link" to={hrefFor(page - 1)} rel="prev">
                <Trans>Previous</Trans>
              </Link>
            ) : null}
          </li>
          {visiblePages(page, pages).map((item, index) =>
            item === 'gap' ? (
              <li key={`gap-${index}`} className="page-gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item}>
                <Link className="page-link" to={hrefFor(item)} aria-current={item === page ? 'page' : undefined} aria-label={t`Page ${item}`}>
                  {item}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < pages ? (
              <Link className="page-link" to={hrefFor(page + 1)} rel="next">
                <Trans>Next</Trans>
              </Link>
            ) : null}
          </li>
        </ul>
      </nav>
      <form className="go-to-page" onSubmit={submit}>
        <label htmlFor={inputId}>
          <Trans>Go to page</Trans>
        </label>
        <input
          id={inputId}
          className="input"
          type="number"
          inputMode="numeric"
          dir="ltr"
          min={1}
          max={pages}
          value={target}
          placeholder={`1–${pages}`}
          onChange={(event) => setTarget(event.target.value)}
        />
        <button type="submit" className="button button-secondary">
          <Trans>Go</Trans>
        </button>
      </form>
    </div>
  );
}
