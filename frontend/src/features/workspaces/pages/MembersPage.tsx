import { Button, Card, Classes, H2, H3 } from '@blueprintjs/core';
import { EditIcon, InfoSignIcon, LogOutIcon, TrashIcon, WarningSignIcon } from '@blueprintjs/icons';
import { roleAllows, WorkspaceMessages, type WorkspaceRole } from '@stockroom/schema';
import {
  useMemberRemoveMutation,
  useMemberUpdateMutation,
  useWorkspaceDeleteMutation,
  useWorkspaceMembersQuery,
  useWorkspaceUpdateMutation,
} from '@stockroom/schema/generated/hooks';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import { extractErrorMessage } from '../../../lib/errors';
import { SignedInTitles } from '../../../lib/page-titles';
import { useAuth } from '../../../lib/session';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useWorkspace, type WorkspaceSummary } from '../../../lib/workspace';
import type { InvitationDetailsFragment } from '@stockroom/schema/generated/graphql';
import { InvitationList } from '../components/InvitationList';
import { InviteMemberForm } from '../components/InviteMemberForm';
import { MemberList, type MemberRow } from '../components/MemberList';
import { RolesExplained } from '../components/RolesExplained';
import { SecondFactorPolicy } from '../components/SecondFactorPolicy';
import { assignableRoles, canManageMember, leaveOffer } from '../member-actions';
import { useInvitations } from '../useInvitations';
import '../workspaces.css';

const WorkspaceNameDialog = lazy(() => import('../components/WorkspaceNameDialog').then((module) => ({ default: module.WorkspaceNameDialog })));

type Pending = { kind: 'remove'; member: MemberRow } | { kind: 'revoke'; invitation: InvitationDetailsFragment } | { kind: 'leave' } | { kind: 'delete' };

const CONFIRM_TITLES: Record<Pending['kind'], string> = {
  remove: 'Remove member?',
  revoke: 'Revoke invitation?',
  leave: 'Leave workspace?',
  delete: 'Delete workspace?',
};
const CONFIRM_BUTTONS: Record<Pending['kind'], string> = { remove: 'Remove', revoke: 'Revoke', leave: 'Leave', delete: 'Delete' };

/**
 * /workspace/members: the chosen workspace's members and roles, invitations
 * (invite, resend, revoke), what each role may do, and the workspace's own
 * settings (rename, leave, delete), each offered only to the roles the server
 * lets do it.
 */
export default function MembersPage() {
  usePageTitle(SignedInTitles.members);
  const { current, role } = useWorkspace();
  return (
    <div className="page page--narrow members-page">
      <PageHeader title="Members" subtitle={current ? `Who works in ${current.name}, and what each may do.` : 'Who works in this workspace.'} />
      {current && role ? <MembersEditor workspace={current} myRole={role} /> : <p className={Classes.SKELETON}>Loading members</p>}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="members-section" role="region" aria-labelledby={`${id}-title`}>
      <H2 id={`${id}-title`} className="members-section__title">
        {title}
      </H2>
      {children}
    </Card>
  );
}

function MembersEditor({ workspace, myRole }: { workspace: WorkspaceSummary; myRole: WorkspaceRole }) {
  const { state } = useAuth();
  const { workspaces, switchTo, refresh } = useWorkspace();
  const myUserId = state.user?.id;
  const members = useWorkspaceMembersQuery({ variables: { workspaceId: workspace.id } });
  const [updateMember] = useMemberUpdateMutation();
  const [removeMember] = useMemberRemoveMutation();
  const [renameWorkspace] = useWorkspaceUpdateMutation();
  const [deleteWorkspace] = useWorkspaceDeleteMutation();
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [renameError, setRenameError] = useState<string>();

  const owner = roleAllows(myRole, 'manageWorkspace');
  const admin = roleAllows(myRole, 'manageMembers');
  const invitations = useInvitations(workspace.id, !admin);
  const personalId = workspaces.find((w) => w.personal)?.id;
  const leave = leaveOffer(myRole, workspace.personal, members.data?.members);

  const changeRole = async (member: MemberRow, role: WorkspaceRole) => {
    setBusyUserId(member.user.id);
    try {
      await updateMember({ variables: { workspaceId: workspace.id, userId: member.user.id, role } });
      // A member has no id of its own for the cache to update it by: the list is read again.
      await members.refetch();
      toast.success(`${member.user.firstName} is now ${role}`);
    } catch (error) {
      toast.error(extractErrorMessage(error));
    } finally {
      setBusyUserId(null);
    }
  };

  const leaveFor = async () => {
    await refresh();
    if (personalId) await switchTo(personalId);
  };

  const confirm = async () => {
    if (!pending) return;
    setConfirming(true);
    try {
      if (pending.kind === 'revoke') {
        await invitations.revoke(pending.invitation);
      } else if (pending.kind === 'remove') {
        await removeMember({ variables: { workspaceId: workspace.id, userId: pending.member.user.id } });
        await members.refetch();
        toast.success(`${pending.member.user.firstName} removed`);
      } else if (pending.kind === 'leave' && myUserId) {
        await removeMember({ variables: { workspaceId: workspace.id, userId: myUserId } });
        toast.success(`You left ${workspace.name}`);
        await leaveFor();
      } else if (pending.kind === 'delete') {
        await deleteWorkspace({ variables: { id: workspace.id } });
        toast.success(`${workspace.name} deleted`);
        await leaveFor();
      }
      setPending(null);
    } catch (error) {
      toast.error(extractErrorMessage(error));
      setPending(null);
    } finally {
      setConfirming(false);
    }
  };

  const rename = async (name: string) => {
    try {
      await renameWorkspace({ variables: { id: workspace.id, input: { name } } });
      await refresh();
      setRenaming(false);
      setRenameError(undefined);
      toast.success('Workspace renamed');
    } catch (error) {
      setRenameError(extractErrorMessage(error));
    }
  };

  return (
    <>
      <Section id="members" title={`Members of ${workspace.name}`}>
        <p className="members-section__lead">Your role here: {myRole}</p>
        {members.error ? (
          <LoadError headingLevel={3} message={extractErrorMessage(members.error)} onRetry={() => void members.refetch()} />
        ) : members.data ? (
          <MemberList
            members={members.data.members}
            myUserId={myUserId}
            canManage={(member) => canManageMember(myRole, member.role)}
            roles={assignableRoles(myRole)}
            busyUserId={busyUserId}
            onRoleChange={(member, role) => void changeRole(member, role)}
            onRemove={(member) => setPending({ kind: 'remove', member })}
          />
        ) : (
          <p className={Classes.SKELETON}>Loading members</p>
        )}
      </Section>
      {admin && (
        <Section id="invitations" title="Invite members">
          <InviteMemberForm key={invitations.sent} roles={assignableRoles(myRole)} onSubmit={invitations.invite} />
          <H3 className="members-section__subtitle">Pending invitations</H3>
          {invitations.list.error ? (
            <LoadError headingLevel={3} message={extractErrorMessage(invitations.list.error)} onRetry={() => void invitations.list.refetch()} />
          ) : invitations.list.data ? (
            <InvitationList
              invitations={invitations.list.data.invitations}
              canManage={(invitation) => canManageMember(myRole, invitation.role)}
              busyId={invitations.busyId}
              onResend={(invitation) => void invitations.resend(invitation)}
              onRevoke={(invitation) => setPending({ kind: 'revoke', invitation })}
            />
          ) : (
            <p className={Classes.SKELETON}>Loading invitations</p>
          )}
        </Section>
      )}
      <Section id="second-factor-policy" title="Two-factor authentication">
        <SecondFactorPolicy workspace={workspace} owner={owner} />
      </Section>
      <Section id="roles" title="Roles">
        <RolesExplained />
      </Section>
      {(owner || !workspace.personal) && (
        <Section id="workspace-settings" title="Workspace">
          <div className="members-section__buttons">
            {owner && (
              <Button icon={<EditIcon />} onClick={() => setRenaming(true)}>
                Rename workspace
              </Button>
            )}
            {leave === 'leave' && (
              <Button icon={<LogOutIcon />} onClick={() => setPending({ kind: 'leave' })}>
                Leave workspace
              </Button>
            )}
            {owner && !workspace.personal && (
              <Button intent="danger" icon={<TrashIcon />} onClick={() => setPending({ kind: 'delete' })}>
                Delete workspace
              </Button>
            )}
          </div>
          {leave === 'onlyOwner' && (
            <p className="members-section__note">
              <InfoSignIcon className="members-section__note-icon" aria-hidden />
              <span>{WorkspaceMessages.onlyOwnerCannotLeave}</span>
            </p>
          )}
        </Section>
      )}
      <ConfirmAlert
        isOpen={pending !== null}
        title={CONFIRM_TITLES[pending?.kind ?? 'remove']}
        icon={<WarningSignIcon />}
        confirmText={CONFIRM_BUTTONS[pending?.kind ?? 'remove']}
        busy={confirming}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'delete'
          ? `${workspace.name} and everything in it (products, stock history, activity) are deleted for good.`
          : pending?.kind === 'leave'
            ? `You lose access to ${workspace.name} until someone adds you again.`
            : pending?.kind === 'remove'
              ? `${pending.member.user.firstName} ${pending.member.user.lastName} loses access to ${workspace.name}.`
              : pending?.kind === 'revoke'
                ? `The link sent to ${pending.invitation.email} stops working. You can invite the address again later.`
                : null}
      </ConfirmAlert>
      {renaming && (
        <Suspense fallback={null}>
          <WorkspaceNameDialog
            isOpen
            title="Rename workspace"
            submitText="Rename"
            initialName={workspace.name}
            error={renameError}
            onSubmit={rename}
            onClose={() => {
              setRenaming(false);
              setRenameError(undefined);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
