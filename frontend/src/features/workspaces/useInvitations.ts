import {
  InvitationListDocument,
  useInvitationCreateMutation,
  useInvitationListQuery,
  useInvitationResendMutation,
  useInvitationRevokeMutation,
} from '@stockroom/schema/generated/hooks';
import type { InvitationDetailsFragment } from '@stockroom/schema/generated/graphql';
import { useState } from 'react';
import { extractErrorMessage, formFieldErrors } from '../../lib/errors';
import { toast } from '../../lib/toaster';
import type { InviteFormValues } from './components/InviteMemberForm';

const FORM_FIELDS: ReadonlySet<keyof InviteFormValues> = new Set(['email', 'role']);

/**
 * A workspace's pending invitations and what an admin does with them: invite (the server mails
 * the link), send again (a new link and a new week), revoke. `skip`: the caller may not see them.
 */
export function useInvitations(workspaceId: string, skip: boolean) {
  const list = useInvitationListQuery({ variables: { workspaceId }, skip });
  const [createInvitation] = useInvitationCreateMutation();
  const [resendInvitation] = useInvitationResendMutation();
  const [revokeInvitation] = useInvitationRevokeMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  // Each sent invitation starts the form afresh.
  const [sent, setSent] = useState(0);

  const invite = async (values: InviteFormValues) => {
    try {
      await createInvitation({
        variables: { workspaceId, email: values.email.trim(), role: values.role },
        // An open invitation to the same address is renewed, not added: the list is read again either way.
        refetchQueries: [{ query: InvitationListDocument, variables: { workspaceId } }],
        awaitRefetchQueries: true,
      });
      toast.success(`Invitation sent to ${values.email.trim()}`);
      setSent((count) => count + 1);
      return undefined;
    } catch (error) {
      const fields = formFieldErrors(error, FORM_FIELDS);
      if (!fields) toast.error(extractErrorMessage(error));
      return fields;
    }
  };

  const resend = async (invitation: InvitationDetailsFragment) => {
    setBusyId(invitation.id);
    try {
      await resendInvitation({ variables: { workspaceId, invitationId: invitation.id } });
      toast.success(`Invitation sent again to ${invitation.email}`);
    } catch (error) {
      toast.error(extractErrorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  /** Resolves once revoked; a refusal is shown and resolves too. */
  const revoke = async (invitation: InvitationDetailsFragment) => {
    setBusyId(invitation.id);
    try {
      await revokeInvitation({
        variables: { workspaceId, invitationId: invitation.id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'Invitation', id: invitation.id }) });
          cache.gc();
        },
      });
      toast.success(`Invitation to ${invitation.email} revoked`);
    } catch (error) {
      toast.error(extractErrorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  return { list, invite, resend, revoke, busyId, sent };
}
