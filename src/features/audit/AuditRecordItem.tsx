import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditRecord } from '../../../contract/audit';
import { fieldLabel, originText, recordSentence, valueText } from './auditTexts';

export interface AuditRecordItemProps {
  record: AuditRecord;
  /** A name for an id the device knows (a section, a place), else undefined. */
  nameOf: (id: string) => string | undefined;
}

/** One record: what happened, when, who did it, from where, and each changed field before → after. */
export function AuditRecordItem({ record, nameOf }: AuditRecordItemProps) {
  const { t, i18n } = useLingui();
  const when = i18n.date(new Date(record.created_at), { dateStyle: 'medium', timeStyle: 'short' });
  const fields = [...new Set([...Object.keys(record.before ?? {}), ...Object.keys(record.after ?? {})])];
  const actor = record.actor_name || t`Someone no longer known`;
  return (
    <li className="audit-record">
      <div className="audit-record-head">
        <p className="audit-record-what" dir="auto">
          {recordSentence(i18n, record)}
        </p>
        <time className="audit-record-when" dateTime={record.created_at}>
          {when}
        </time>
      </div>
      <p className="audit-record-who">
        <Trans>
          By <bdi>{actor}</bdi>
        </Trans>
        {' · '}
        <span className="audit-record-origin">{originText(i18n, record)}</span>
      </p>
      {fields.length > 0 ? (
        <dl className="audit-changes">
          {fields.map((field) => (
            <div key={field} className="audit-change">
              <dt>{fieldLabel(i18n, field)}</dt>
              <dd>
                {record.before ? (
                  <>
                    <span className="audit-before" dir="auto">
                      {valueText(i18n, field, record.before[field], nameOf)}
                    </span>
                    <span className="audit-arrow" role="img" aria-label={t`became`}>
                      →
                    </span>
                  </>
                ) : null}
                <span className="audit-after" dir="auto">
                  {record.after ? valueText(i18n, field, record.after[field], nameOf) : '—'}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
