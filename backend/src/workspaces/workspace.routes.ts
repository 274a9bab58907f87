import { Router, type Request } from 'express';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import { workspaceService, type Member } from './workspace.service';

type ContextOf = (req: Request) => RequestContext;

const toMemberJson = (member: Member) => ({ user: member.user, role: member.role, joinedAt: member.joinedAt.toISOString() });

/** REST adapter over workspaceService, mounted at /api/workspaces: the caller's workspaces and their members (sessions only). */
export function workspaceRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/workspaces (signed in): { workspaces: [{ id, name, role, personal, requireSecondFactor, needsSecondFactor }] } */
  router.get('/', async (req, res) => {
    res.json({ workspaces: await workspaceService.list(contextOf(req)) });
  });

  /** POST /api/workspaces { name } (signed in): 201 { workspace }, with the caller as its owner */
  router.post('/', async (req, res) => {
    const workspace = await workspaceService.create(contextOf(req), readBody(req, ['name'] as const));
    res.status(201).json({ workspace });
  });

  /** GET /api/workspaces/{id} (members): { workspace } */
  router.get('/:id', async (req, res) => {
    res.json({ workspace: await workspaceService.get(contextOf(req), req.params.id) });
  });

  /** PUT /api/workspaces/{id} { name } (owners): { workspace } */
  router.put('/:id', async (req, res) => {
    const workspace = await workspaceService.rename(contextOf(req), req.params.id, readBody(req, ['name'] as const));
    res.json({ workspace });
  });

  /** PUT /api/workspaces/{id}/policy { requireSecondFactor } (owners; turning it on needs their own second factor, else 409): { workspace } */
  router.put('/:id/policy', async (req, res) => {
    const workspace = await workspaceService.setPolicy(contextOf(req), req.params.id, readBody(req, ['requireSecondFactor'] as const));
    res.json({ workspace });
  });

  /** DELETE /api/workspaces/{id} (owners; never a personal workspace): { id } */
  router.delete('/:id', async (req, res) => {
    res.json({ id: await workspaceService.remove(contextOf(req), req.params.id) });
  });

  /** GET /api/workspaces/{id}/members (members): { members: [{ user, role, joinedAt }] } */
  router.get('/:id/members', async (req, res) => {
    const members = await workspaceService.members(contextOf(req), req.params.id);
    res.json({ members: members.map(toMemberJson) });
  });

  /** PUT /api/workspaces/{id}/members/{userId} { role } (admins for members other than owners, owners for anyone): { member } */
  router.put('/:id/members/:userId', async (req, res) => {
    const member = await workspaceService.updateMember(contextOf(req), req.params.id, req.params.userId, readBody(req, ['role'] as const));
    res.json({ member: toMemberJson(member) });
  });

  /** DELETE /api/workspaces/{id}/members/{userId} (as updating; any member for themself: leaving): { id } */
  router.delete('/:id/members/:userId', async (req, res) => {
    res.json({ id: await workspaceService.removeMember(contextOf(req), req.params.id, req.params.userId) });
  });

  return router;
}
