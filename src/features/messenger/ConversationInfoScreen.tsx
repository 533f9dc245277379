import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ConversationMemberRow } from '../../../contract/messenger';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ArrowBackIcon } from '../../ui/icons';
import { BackTo, LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { useChatHeader } from './chatQueries';
import { conversationTitle } from './conversationList';
import { ConversationName } from './ConversationName';
import { GroupAdminForms } from './GroupAdminForms';
import { leaveGroup, removeMember, setAdmin, setMuted } from './messengerWrites';
import { RoleName } from './RoleName';
import { useMessengerDb } from './useMessengerDb';
import { authorName } from '../../i18n/authorName';

const byName = new Intl.Collator(undefined, { sensitivity: 'base' });

/**
 * `/messenger/:conversation/info`: the members with their roles and the group's admins;
 * mute and leave; for the group's admins, its name, description and "members can reply",
 * adding and removing members and making admins.
 */
export function ConversationInfoScreen() {
  const { conversation: conversationId = '' } = useParams();
  const { t, i18n } = useLingui();
  const db = useMessengerDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const me = user?.id ?? '';
  const header = useChatHeader(conversationId, me);
  const [leaving, setLeaving] = useState(false);
  const [removing, setRemoving] = useState<ConversationMemberRow | null>(null);
  const title = header ? conversationTitle(header.conversation, header.members, me) : '';
  usePageMeta(title || t`Conversation details`);

  if (header === undefined) return <LoadingState label={t`Loading…`} />;
  if (header === null) {
    return (
      <BackTo to="/messenger" linkLabel={<Trans>Back to messages</Trans>}>
        <Trans>This conversation is not on this device.</Trans>
      </BackTo>
    );
  }
  const { conversation, members } = header;
  const group = conversation.kind === 'group';
  const iAmAdmin = group && header.me.role === 'admin';
  const sorted = [...members].sort((a, b) => (a.role === b.role ? byName.compare(a.name, b.name) : a.role === 'admin' ? -1 : 1));
  const failed = (error: unknown) => {
    console.error(error);
    showToast(t`This change could not be saved on this device. Please try again.`, 'error');
  };

  return (
    <div className="page conversation-info-page">
      <Link className="messenger-back-link with-icon" to={`/messenger/${conversation.id}`}>
        <ArrowBackIcon className="icon icon-flip-rtl" />
        <span>
          <Trans>Back to the conversation</Trans>
        </span>
      </Link>
      <header className="page-header">
        <h1>
          <ConversationName summary={{ title, conversation }} />
        </h1>
        {conversation.description ? (
          <p className="page-lead">
            <bdi>{conversation.description}</bdi>
          </p>
        ) : null}
        {group && !conversation.members_can_reply ? (
          <p className="muted">
            <Trans>Only the group admins can write in this group.</Trans>
          </p>
        ) : null}
      </header>

      <section className="card conversation-settings" aria-label={t`Notifications`}>
        <Checkbox
          label={t`Mute this conversation`}
          checked={header.me.muted}
          onChange={(event) => void setMuted(db, conversation.id, me, event.target.checked).catch(failed)}
        />
        <p className="field-hint">
          <Trans>Muted: no notifications on your devices; its messages still arrive.</Trans>
        </p>
      </section>

      <section className="card" aria-labelledby="members-title">
        <h2 id="members-title">
          <Trans>Members</Trans> <span className="muted">({members.length})</span>
        </h2>
        <ul className="conversation-members">
          {sorted.map((member) => {
            const name = authorName(i18n, member.name);
            return (
              <li key={member.id} className="conversation-member">
                <span className="conversation-member-text">
                  <span className="conversation-member-name">
                    <bdi>{member.user_id === me ? t`${name} (you)` : name}</bdi>
                  </span>
                  <span className="muted">
                    <RoleName role={member.user_role} />
                    {group && member.role === 'admin' ? (
                      <>
                        {' · '}
                        <strong>
                          <Trans>Group admin</Trans>
                        </strong>
                      </>
                    ) : null}
                  </span>
                </span>
                {iAmAdmin && member.user_id !== me ? (
                  <span className="conversation-member-actions">
                    <Button
                      variant="ghost"
                      aria-label={member.role === 'admin' ? t`Remove as admin: ${name}` : t`Make admin: ${name}`}
                      onClick={() => void setAdmin(db, conversation.id, member.user_id, member.role !== 'admin').catch(failed)}
                    >
                      {member.role === 'admin' ? <Trans>Remove as admin</Trans> : <Trans>Make admin</Trans>}
                    </Button>
                    <Button variant="ghost" className="is-danger" aria-label={t`Remove from group: ${name}`} onClick={() => setRemoving(member)}>
                      <Trans>Remove</Trans>
                    </Button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      {iAmAdmin ? (
        <GroupAdminForms db={db} conversation={conversation} collegeId={user?.college_id ?? ''} memberIds={new Set(members.map((member) => member.user_id))} />
      ) : null}

      {group ? (
        <div>
          <Button variant="danger" onClick={() => setLeaving(true)}>
            <Trans>Leave group</Trans>
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={t`Leave this group?`}
        description={<Trans>Its messages leave this device, and you will not get new ones unless an admin adds you again.</Trans>}
        confirmLabel={t`Leave group`}
        onConfirm={() => {
          leaveGroup(db, conversation.id, me).then(() => navigate('/messenger', { replace: true }), failed);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t`Remove this member?`}
        description={<RemovalText name={removing?.name ?? ''} />}
        confirmLabel={t`Remove`}
        onConfirm={() => {
          if (removing) removeMember(db, conversation.id, removing.user_id).catch(failed);
          setRemoving(null);
        }}
      />
    </div>
  );
}

function RemovalText({ name }: { name: string }) {
  return <Trans>{name} leaves the group and its messages leave their devices.</Trans>;
}
