import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { importColumns, maxImportRows, type MemberImportResponse } from '../../../contract/members';
import { can } from '../../../contract/permissions';
import { describeFailure } from '../../forms/describeFailure';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { useOnline } from '../../ui/useOnline';
import { parseMembersCsv, saveCsv, toCsv, type ParsedCsv } from './memberCsv';
import { errorRowsForCsv, ImportView, type ImportState } from './ImportView';
import { importMembers } from './membersApi';
import { NotAllowed } from './MemberScreenStates';
import { translateServerMessage } from '../../i18n/serverMessages';

/**
 * `/users/import`: a CSV file read on the device (papaparse), checked by the server without
 * writing (`confirm: false`), shown row by row with its errors, and imported in one
 * transaction (`confirm: true`) only once no row has an error. Needs a connection: the
 * checks (duplicates, sections, children) are against the whole college.
 */
export function ImportScreen() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const online = useOnline();
  const [state, setState] = useState<ImportState>({ step: 'choose' });
  usePageMeta(t`Import members`);
  if (!user || !can(user.role, 'users.manage')) return <NotAllowed />;

  async function check(fileName: string, parsed: ParsedCsv) {
    if (parsed.rows.length === 0) {
      setState({ step: 'choose', problem: t`The file has no members to import.` });
      return;
    }
    if (parsed.rows.length > maxImportRows) {
      setState({ step: 'choose', problem: t`A file can import at most 5,000 members.` });
      return;
    }
    setState({ step: 'checking', fileName, parsed });
    try {
      const response = await importMembers({ rows: parsed.rows, confirm: false });
      setState({ step: 'preview', fileName, parsed, response });
    } catch (error) {
      setState({ step: 'choose', problem: describeFailure(error, i18n).form ?? t`Something went wrong. Please try again.` });
    }
  }

  async function read(file: File) {
    const text = await file.text();
    await check(file.name, parseMembersCsv(text, importColumns));
  }

  async function confirm(fileName: string, parsed: ParsedCsv, response: MemberImportResponse) {
    setState({ step: 'importing', fileName, parsed, response });
    try {
      const result = await importMembers({ rows: parsed.rows, confirm: true });
      setState({ step: 'done', created: result.created });
    } catch (error) {
      // Something changed since the check (a duplicate added meanwhile): check again.
      const failure = describeFailure(error, i18n);
      setState({ step: 'preview', fileName, parsed, response, problem: failure.form ?? t`Some rows are not valid any more. Check the file again.` });
    }
  }

  return (
    <ImportView
      state={state}
      online={online}
      onFile={(file) => void read(file)}
      onImport={() => state.step === 'preview' && void confirm(state.fileName, state.parsed, state.response)}
      onRecheck={() => state.step === 'preview' && void check(state.fileName, state.parsed)}
      onDownloadErrors={() => {
        if (state.step !== 'preview') return;
        const rows = errorRowsForCsv(state.parsed, state.response, (message) => translateServerMessage(i18n, message));
        saveCsv(toCsv(rows, ['errors']), state.fileName.replace(/\.csv$/i, '') + '-errors.csv');
      }}
      onRestart={() => setState({ step: 'choose' })}
    />
  );
}
