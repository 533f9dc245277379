import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { MemberImportResponse } from '../../../contract/members';
import { translateServerMessage } from '../../i18n/serverMessages';
import { Button, buttonClass } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { ArrowBackIcon, DownloadIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { importColumnOrder, type ImportColumn, type ParsedCsv } from './memberCsv';
import { RosterImportCard } from './RosterImportCard';

export type ImportState =
  | { step: 'choose'; problem?: string }
  | { step: 'checking'; fileName: string; parsed: ParsedCsv }
  | { step: 'preview'; fileName: string; parsed: ParsedCsv; response: MemberImportResponse; problem?: string }
  | { step: 'importing'; fileName: string; parsed: ParsedCsv; response: MemberImportResponse }
  | { step: 'done'; created: number };

/** The rows with errors, as the file had them, plus an `errors` column saying what to fix (to download). */
export function errorRowsForCsv(
  parsed: ParsedCsv,
  response: MemberImportResponse,
  translate: (message: string) => string,
): (Record<ImportColumn, string> & { errors: string })[] {
  return response.rows.flatMap(({ line, errors }) => {
    const row = parsed.rows[line];
    if (!row) return [];
    const text = Object.entries(errors)
      .map(([column, messages]) => `${column}: ${messages.map(translate).join(' ')}`)
      .join(' | ');
    return [{ ...row, errors: text }];
  });
}

/** The file's line of a row: the header is line 1. */
export const fileLine = (index: number) => index + 2;

export interface ImportViewProps {
  state: ImportState;
  online: boolean;
  onFile: (file: File) => void;
  onImport: () => void;
  onRecheck: () => void;
  onDownloadErrors: () => void;
  onRestart: () => void;
}

function ProblemLine({ line, message }: { line: number; message: string }) {
  return (
    <li>
      <Trans>
        Line {line}: {message}
      </Trans>
    </li>
  );
}

function ColumnNotes({ parsed }: { parsed: ParsedCsv }) {
  const unknown = parsed.unknownHeaders.join(', ');
  const missing = parsed.missingColumns.join(', ');
  if (!unknown && !missing && parsed.problems.length === 0) return null;
  return (
    <ul className="import-notes">
      {unknown ? (
        <li>
          <Trans>Columns not recognised (ignored): {unknown}</Trans>
        </li>
      ) : null}
      {missing ? (
        <li>
          <Trans>Columns not in the file (left empty): {missing}</Trans>
        </li>
      ) : null}
      {parsed.problems.map((problem) => (
        <ProblemLine key={`${problem.line}-${problem.message}`} line={problem.line} message={problem.message} />
      ))}
    </ul>
  );
}

const noErrors: Record<string, string[]> = {};

/** Each column's name in the person's language; the file's own header stays beside it (what they would fix in the file). */
function useColumnLabels(): (column: string) => string {
  const { t } = useLingui();
  const labels: Record<ImportColumn, string> = {
    name: t`Name`,
    first_lastname: t`First last name`,
    second_lastname: t`Second last name`,
    email: t`Email`,
    rut: t`RUT`,
    phone: t`Phone`,
    birthdate: t`Birthdate`,
    role: t`Role`,
    place: t`Place`,
    sections: t`Sections`,
    children: t`Children`,
  };
  return (column) => labels[column as ImportColumn] ?? column;
}

/** The rows with errors (or, with none, the first rows), each error under its cell. */
function PreviewTable({ parsed, response }: { parsed: ParsedCsv; response: MemberImportResponse }) {
  const { t, i18n } = useLingui();
  const labelOf = useColumnLabels();
  const withErrors = response.rows.filter((row) => Object.keys(row.errors).length > 0);
  const shown = withErrors.length > 0 ? withErrors : parsed.rows.slice(0, 20).map((_, line) => ({ line, errors: noErrors }));
  return (
    <div className="import-table-scroll" tabIndex={0} role="region" aria-label={withErrors.length > 0 ? t`Rows with errors` : t`First rows`}>
      <table className="import-table">
        <caption className="visually-hidden">{withErrors.length > 0 ? t`Rows with errors` : t`First rows`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Line`}</th>
            {withErrors.length > 0 ? <th scope="col">{t`Errors`}</th> : null}
            {importColumnOrder.map((column) => (
              <th key={column} scope="col">
                {labelOf(column)}
                {labelOf(column) === column ? null : (
                  <span className="import-column-name" dir="ltr">
                    {column}
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map(({ line, errors }) => {
            const row = parsed.rows[line];
            if (!row) return null;
            return (
              <tr key={line} className={Object.keys(errors).length > 0 ? 'has-errors' : undefined}>
                <th scope="row" dir="ltr">
                  {fileLine(line)}
                </th>
                {withErrors.length > 0 ? (
                  <td className="import-row-errors">
                    <ul>
                      {Object.entries(errors).flatMap(([column, messages]) =>
                        messages.map((message) => (
                          <li key={`${column}-${message}`}>
                            {labelOf(column)}: {translateServerMessage(i18n, message)}
                          </li>
                        )),
                      )}
                    </ul>
                  </td>
                ) : null}
                {importColumnOrder.map((column) => {
                  const messages = errors[column] ?? [];
                  return (
                    <td key={column} className={messages.length > 0 ? 'import-cell-error' : undefined}>
                      <span dir="auto">{row[column]}</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** `/users/import`: choose a file, see what would happen, import. */
export function ImportView({ state, online, onFile, onImport, onRecheck, onDownloadErrors, onRestart }: ImportViewProps) {
  const { t } = useLingui();
  const inputId = useId();
  const checkingRows = state.step === 'checking' ? state.parsed.rows.length : 0;
  const valid = state.step === 'preview' || state.step === 'importing' ? state.response.valid : 0;
  const withErrors =
    state.step === 'preview' || state.step === 'importing' ? state.response.rows.filter((row) => Object.keys(row.errors).length > 0).length : 0;

  return (
    <div className="page member-import">
      <Link className="back-link with-icon" to="/users">
        <ArrowBackIcon className="icon icon-flip-rtl" />
        <span>
          <Trans>All members</Trans>
        </span>
      </Link>
      <h1 className="page-title">
        <Trans>Import members</Trans>
      </h1>
      {state.step === 'choose' ? (
        <section className="card member-card">
          <p>
            <Trans>
              Choose a CSV file with a header row. Columns: name, first_lastname, second_lastname, email, rut, phone, birthdate, role, place, sections
              (separated by “;”) and children (a guardian’s children by RUT or email). An exported list can be imported again.
            </Trans>
          </p>
          <p className="field-hint">
            <Trans>Nothing is written until you confirm, and the import is all or nothing.</Trans>
          </p>
          <FormAlert message={state.problem} />
          {online ? null : <FormAlert message={t`Importing needs a connection: the rows are checked against the whole school.`} />}
          <label className={`${buttonClass('primary')} import-file-button ${online ? '' : 'is-disabled'}`} htmlFor={inputId}>
            <Trans>Choose a CSV file</Trans>
          </label>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv"
            disabled={!online}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
        </section>
      ) : null}
      {state.step === 'choose' ? <RosterImportCard online={online} /> : null}
      {state.step === 'checking' ? (
        <section className="card member-card" aria-busy="true">
          <Spinner label={t`Checking the file…`} />
          <p>{t`${plural(checkingRows, { one: 'Checking # row…', other: 'Checking # rows…' })}`}</p>
        </section>
      ) : null}
      {state.step === 'preview' || state.step === 'importing' ? (
        <section className="card member-card import-preview" aria-labelledby={`${inputId}-summary`}>
          <h2 id={`${inputId}-summary`} className="import-summary">
            <span className="import-file" dir="auto">
              {state.fileName}
            </span>
            <span role="status">
              {t`${plural(valid, { one: '# row ready to import', other: '# rows ready to import' })}`},{' '}
              {t`${plural(withErrors, { one: '# row with errors', other: '# rows with errors' })}`}
            </span>
          </h2>
          <ColumnNotes parsed={state.parsed} />
          {state.step === 'preview' ? <FormAlert message={state.problem} /> : null}
          {online ? null : <FormAlert message={t`Importing needs a connection: the rows are checked against the whole school.`} />}
          {withErrors > 0 ? (
            <p>
              <Trans>Fix these rows in the file and choose it again, or download them with what to fix.</Trans>
            </p>
          ) : null}
          <PreviewTable parsed={state.parsed} response={state.response} />
          <div className="form-actions">
            <Button variant="secondary" onClick={onRestart}>
              <Trans>Choose another file</Trans>
            </Button>
            {withErrors > 0 ? (
              <>
                <Button variant="secondary" onClick={onDownloadErrors}>
                  <DownloadIcon />
                  <Trans>Download the rows with errors</Trans>
                </Button>
                <Button variant="secondary" onClick={onRecheck} disabled={!online}>
                  <Trans>Check again</Trans>
                </Button>
              </>
            ) : null}
            <Button onClick={onImport} disabled={withErrors > 0 || state.response.valid === 0 || !online} busy={state.step === 'importing'}>
              {t`${plural(valid, { one: 'Import # member', other: 'Import # members' })}`}
            </Button>
          </div>
        </section>
      ) : null}
      {state.step === 'done' ? <ImportDone created={state.created} onRestart={onRestart} /> : null}
    </div>
  );
}

function ImportDone({ created, onRestart }: { created: number; onRestart: () => void }) {
  const { t } = useLingui();
  return (
    <section className="card member-card" role="status">
      <p className="import-done">{t`${plural(created, { one: '# member imported.', other: '# members imported.' })}`}</p>
      <div className="form-actions">
        <Button variant="secondary" onClick={onRestart}>
          <Trans>Import another file</Trans>
        </Button>
        <Link className={buttonClass('primary')} to="/users?sort=newest">
          <Trans>See the members</Trans>
        </Link>
      </div>
    </section>
  );
}
