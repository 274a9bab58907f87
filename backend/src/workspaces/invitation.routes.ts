import { Router, type Request } from 'express';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import { invitationService, type Invitation, type InvitationPreview } from './invitation.service';

type ContextOf = (req: Request) => RequestContext;

const toInvitationJson = (invitation: Invitation) => ({ ...invitation, expiresAt: invitation.expiresAt.toISOString() });
const toPreviewJson = (preview: InvitationPreview) => ({ ...preview, expiresAt: preview.expiresAt.toISOString() });

/** REST adapter over invitationService for one workspace's invitations, mounted at /api/workspaces (sessions, admins). */
export function workspaceInvitationRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/workspaces/{id}/invitations (admins): { invitations: [{ id, email, role, expiresAt }] }, pending ones only */
  router.get('/:id/invitations', async (req, res) => {
    const invitations = await invitationService.list(contextOf(req), req.params.id);
    res.json({ invitations: invitations.map(toInvitationJson) });
  });

  /** POST /api/workspaces/{id}/invitations { email, role } (admins; owners for an owner): 201 { invitation } and a mail */
  router.post('/:id/invitations', async (req, res) => {
    const invitation = await invitationService.invite(contextOf(req), req.params.id, readBody(req, ['email', 'role'] as const));
    res.status(201).json({ invitation: toInvitationJson(invitation) });
  });

  /** DELETE /api/workspaces/{id}/invitations/{invitationId} (as inviting): { id } */
  router.delete('/:id/invitations/:invitationId', async (req, res) => {
    res.json({ id: await invitationService.revoke(contextOf(req), req.params.id, req.params.invitationId) });
  });

  /** POST /api/workspaces/{id}/invitations/{invitationId}/resend (as inviting): { invitation } with a new link mailed */
  router.post('/:id/invitations/:invitationId/resend', async (req, res) => {
    const invitation = await invitationService.resend(contextOf(req), req.params.id, req.params.invitationId);
    res.json({ invitation: toInvitationJson(invitation) });
  });

  return router;
}

/** REST adapter over invitationService by a link's token, mounted at /api/invitations. */
export function invitationRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/invitations/{token} (anyone holding the link): { invitation: { email, role, expiresAt, workspaceName, invitedBy, accountExists } } */
  router.get('/:token', async (req, res) => {
    res.json({ invitation: toPreviewJson(await invitationService.preview(contextOf(req), req.params.token)) });
  });

  /** POST /api/invitations/{token}/accept (signed in with the invited address): { workspace, role } */
  router.post('/:token/accept', async (req, res) => {
    res.json(await invitationService.accept(contextOf(req), req.params.token));
  });

  return router;
}
