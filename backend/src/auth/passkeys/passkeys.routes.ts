import { Router, type Request } from 'express';
import { PasskeyNameFields } from '@stockroom/schema';
import type { RequestContext } from '../../account/context';
import { readBody } from '../../rest/body';
import { passkeysService, type PasskeyView } from './passkeys.service';

type ContextOf = (req: Request) => RequestContext;

export const toPasskeyJson = (passkey: PasskeyView) => ({
  id: passkey.id,
  name: passkey.name,
  transports: passkey.transports,
  createdAt: passkey.createdAt.toISOString(),
  lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
});

/** REST adapter over passkeysService, mounted at /api/users (a session only; API tokens get 403). */
export function passkeysRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/users/profile/passkeys: { passkeys } */
  router.get('/profile/passkeys', async (req, res) => {
    res.json({ passkeys: (await passkeysService.list(contextOf(req))).map(toPasskeyJson) });
  });

  /** POST /api/users/profile/passkeys/options (step-up): the options for navigator.credentials.create() */
  router.post('/profile/passkeys/options', async (req, res) => {
    readBody(req, []);
    res.json(await passkeysService.registrationOptions(contextOf(req)));
  });

  /** POST /api/users/profile/passkeys { name, attestation } (step-up): 201 { passkey } */
  router.post('/profile/passkeys', async (req, res) => {
    const input = readBody(req, ['name', 'attestation'] as const);
    res.status(201).json({ passkey: toPasskeyJson(await passkeysService.add(contextOf(req), input)) });
  });

  /** PATCH /api/users/profile/passkeys/:id { name }: { passkey } */
  router.patch('/profile/passkeys/:id', async (req, res) => {
    const input = readBody(req, PasskeyNameFields);
    res.json({ passkey: toPasskeyJson(await passkeysService.rename(contextOf(req), req.params.id, input)) });
  });

  /** DELETE /api/users/profile/passkeys/:id (step-up): { message } */
  router.delete('/profile/passkeys/:id', async (req, res) => {
    res.json({ message: await passkeysService.remove(contextOf(req), req.params.id) });
  });

  return router;
}
