import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { rosterTargets, rosterZipLimit, type RosterResult, type RosterTarget } from '../../../contract/roster';
import { describeFailure } from '../../forms/describeFailure';
import { translateServerMessage } from '../../i18n/serverMessages';
import { Button, buttonClass } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { sendRoster } from './membersApi';

type RosterState =
  | { step: 'choose'; problem?: string }
  | { step: 'checking'; file: File }
  | { step: 'preview'; file: File; result: RosterResult; problem?: string }
  | { step: 'importing'; file: File; result: RosterResult }
  | { step: 'done'; result: RosterResult };

/**
 * The OneRoster panel of `/users/import` (docs/features/roster.md): a zip exported from the
 * student information system, previewed by the server (nothing written), its counts and
 * every refused row shown, and imported in one transaction once nothing is refused.
 */
export function RosterImportCard({ online }: { online: boolean }) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const [state, setState] = useState<RosterState>({ step: 'choose' });
  const failed = (error: unknown) => describeFailure(error, i18n).form ?? t`Something went wrong. Please try again.`;

  async function check(file: File, problem?: string) {
    if (file.size > rosterZipLimit) {
      setState({ step: 'choose', problem: t`The file is larger than 50 MB.` });
      return;
    }
    setState({ step: 'checking', file });
    try {
      setState({ step: 'preview', file, result: await sendRoster('preview', file), ...(problem ? { problem } : {}) });
    } catch (error) {
      setState({ step: 'choose', problem: failed(error) });
    }
  }

  async function confirm(file: File, result: RosterResult) {
    setState({ step: 'importing', file, result });
    try {
      setState({ step: 'done', result: await sendRoster('import', file) });
    } catch {
      // Something changed since the preview (a member added meanwhile): preview again.
      await check(file, t`The school changed since the file was checked. Here is the new check.`);
    }
  }

  const targetNames: Record<RosterTarget, string> = {
    places: t`Places`,
    courses: t`Courses`,
    grades: t`Grades`,
    sections: t`Sections`,
    members: t`Members`,
    enrollments: t`Enrollments`,
  };

  const counts = (result: RosterResult) => (
    <div className="import-table-scroll" tabIndex={0} role="region" aria-label={t`What the import does`}>
      <table className="import-table roster-counts">
        <caption className="visually-hidden">{t`What the import does`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`What`}</th>
            <th scope="col">{t`New`}</th>
            <th scope="col">{t`Updated`}</th>
            <th scope="col">{t`Unchanged`}</th>
            <th scope="col">{t`Removed`}</th>
          </tr>
        </thead>
        <tbody>
          {rosterTargets.map((target) => {
            const c = result.counts[target];
            return (
              <tr key={target}>
                <th scope="row">{targetNames[target]}</th>
                <td>{i18n.number(c.created)}</td>
                <td>{i18n.number(c.updated)}</td>
                <td>{i18n.number(c.unchanged)}</td>
                <td>{i18n.number(c.removed)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );

  const refusals = (result: RosterResult) =>
    result.refused_total === 0 ? null : (
      <>
        <p>
          <Trans>Nothing can be imported until these rows are fixed in the student information system and the file is exported again.</Trans>
        </p>
        <ul className="roster-refusals">
          {result.refused.map((r, index) => (
            <li key={index}>
              <span className="roster-where" dir="ltr">
                {[r.file, r.line, r.column].filter((part) => part !== null).join(' · ')}
              </span>{' '}
              {translateServerMessage(i18n, r.message)}
              {r.value ? (
                <>
                  {' '}
                  <q className="roster-value">
                    <bdi>{r.value}</bdi>
                  </q>
                </>
              ) : null}
            </li>
          ))}
        </ul>
        {result.refused_total > result.refused.length ? (
          <p>{t`${plural(result.refused_total - result.refused.length, { one: '… and # more row.', other: '… and # more rows.' })}`}</p>
        ) : null}
      </>
    );

  return (
    <section className="card member-card roster-import" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>
        <Trans>From the student information system (OneRoster)</Trans>
      </h2>
      {state.step === 'choose' ? (
        <>
          <p>
            <Trans>
              Choose the OneRoster 1.1 CSV zip your student information system exports: schools become places, courses and classes become courses, grades and
              sections, and teachers, students and families become members, with their classes and children. A second import updates what the first one made.
            </Trans>
          </p>
          <FormAlert message={state.problem} />
          {online ? null : <FormAlert message={t`Importing needs a connection: the rows are checked against the whole school.`} />}
          <label className={`${buttonClass('secondary')} import-file-button ${online ? '' : 'is-disabled'}`} htmlFor={inputId}>
            <Trans>Choose a OneRoster zip</Trans>
          </label>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept=".zip,application/zip"
            disabled={!online}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void check(file);
            }}
          />
        </>
      ) : null}
      {state.step === 'checking' ? (
        <div aria-busy="true">
          <Spinner label={t`Checking the file…`} />
        </div>
      ) : null}
      {state.step === 'preview' || state.step === 'importing' ? (
        <>
          <p className="import-summary">
            <span className="import-file" dir="auto">
              {state.file.name}
            </span>
            <span role="status">
              {state.result.refused_total === 0
                ? t`Ready to import`
                : t`${plural(state.result.refused_total, { one: '# row refused', other: '# rows refused' })}`}
            </span>
          </p>
          {state.step === 'preview' ? <FormAlert message={state.problem} /> : null}
          {state.result.refused_total === 0 ? counts(state.result) : refusals(state.result)}
          <div className="form-actions">
            <Button variant="secondary" onClick={() => setState({ step: 'choose' })}>
              <Trans>Choose another file</Trans>
            </Button>
            <Button
              onClick={() => void confirm(state.file, state.result)}
              disabled={state.result.refused_total > 0 || !online}
              busy={state.step === 'importing'}
            >
              <Trans>Import the roster</Trans>
            </Button>
          </div>
        </>
      ) : null}
      {state.step === 'done' ? (
        <div role="status">
          <p className="import-done">
            <Trans>The roster was imported.</Trans>
          </p>
          {counts(state.result)}
          <div className="form-actions">
            <Button variant="secondary" onClick={() => setState({ step: 'choose' })}>
              <Trans>Import another file</Trans>
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
