import { Trans, useLingui } from '@lingui/react/macro';
import { MailIcon, PhoneIcon } from '../../ui/icons';

/** What a phone number becomes in a `tel:` link: its `+` and digits only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Call and mail with one tap: large links (`tel:`, `mailto:`) whose number or address
 * keeps its left-to-right order in Arabic (`<bdi dir="ltr">`). `compact` shows icons only
 * (a list row), with an accessible name that says whom and how.
 */
export function ContactLinks({ name, phone, email, compact = false }: { name: string; phone: string; email: string; compact?: boolean }) {
  const { t } = useLingui();
  if (!phone && !email) return null;
  return (
    <div className={`contact-links ${compact ? 'is-compact' : ''}`}>
      {phone ? (
        <a className="contact-link" href={telHref(phone)} aria-label={compact ? t`Call ${name}` : undefined} title={compact ? phone : undefined}>
          <PhoneIcon />
          {compact ? null : (
            <span className="contact-link-text">
              <span className="contact-link-verb">
                <Trans>Call</Trans>
              </span>
              <bdi dir="ltr" className="contact-link-value">
                {phone}
              </bdi>
            </span>
          )}
        </a>
      ) : null}
      {email ? (
        <a className="contact-link" href={`mailto:${email}`} aria-label={compact ? t`Email ${name}` : undefined} title={compact ? email : undefined}>
          <MailIcon />
          {compact ? null : (
            <span className="contact-link-text">
              <span className="contact-link-verb">
                <Trans>Email</Trans>
              </span>
              <bdi dir="ltr" className="contact-link-value">
                {email}
              </bdi>
            </span>
          )}
        </a>
      ) : null}
    </div>
  );
}
