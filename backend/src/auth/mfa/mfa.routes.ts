import { Router, type Request } from 'express';
import { StepUpFields, VerificationCodeFields } from '@stockroom/schema';
import { DisableTotpRequest } from '../../account/step-up-fields';
import type { RequestContext } from '../../account/context';
import { readBody, readObject } from '../../rest/body';
import { mfaService } from './mfa.service';

type ContextOf = (req: Request) => RequestContext;

/** REST adapter over mfaService, mounted at /api/users (a session only; API tokens get 403). */
export function mfaRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/users/profile/mfa: { totp, recoveryCodesLeft, passwordSet } */
  router.get('/profile/mfa', async (req, res) => {
    res.json(await mfaService.status(contextOf(req)));
  });

  /** POST /api/users/profile/mfa/totp: { secret, otpauthUrl }, shown this once; sign-in asks for codes once confirmed */
  router.post('/profile/mfa/totp', async (req, res) => {
    readBody(req, []);
    res.json(await mfaService.setUpTotp(contextOf(req)));
  });

  /** POST /api/users/profile/mfa/totp/confirm { code }: { recoveryCodes }, shown this once */
  router.post('/profile/mfa/totp/confirm', async (req, res) => {
    const input = readBody(req, VerificationCodeFields);
    res.json({ recoveryCodes: await mfaService.confirmTotp(contextOf(req), input) });
  });

  /** DELETE /api/users/profile/mfa/totp { password?, code }: { message }; without the password, a step-up within 10 minutes */
  router.delete('/profile/mfa/totp', async (req, res) => {
    const input = readBody(req, DisableTotpRequest);
    res.json({ message: await mfaService.disableTotp(contextOf(req), input) });
  });

  /** POST /api/users/profile/mfa/recovery-codes { code }: { recoveryCodes }, replacing the earlier ones */
  router.post('/profile/mfa/recovery-codes', async (req, res) => {
    const input = readBody(req, VerificationCodeFields);
    res.json({ recoveryCodes: await mfaService.regenerateRecoveryCodes(contextOf(req), input) });
  });

  /** POST /api/users/profile/step-up/passkey/options: the options for navigator.credentials.get(), for the account's own passkeys */
  router.post('/profile/step-up/passkey/options', async (req, res) => {
    readBody(req, []);
    res.json(await mfaService.passkeyStepUpOptions(contextOf(req)));
  });

  /** POST /api/users/profile/step-up { password }, { code } or { assertion } (a passkey's): { verifiedUntil }; new API tokens and webhooks, passkeys added or removed, and changes of email, password or authenticator sent without the password need it within 10 minutes of signing in */
  router.post('/profile/step-up', async (req, res) => {
    const { assertion, ...proof } = readBody(req, ['password', 'code', 'assertion'] as const);
    // The password and code get their JSON type checks; the passkey's answer is checked by the service.
    readObject(proof, StepUpFields);
    res.json({ verifiedUntil: (await mfaService.stepUp(contextOf(req), { ...proof, assertion })).toISOString() });
  });

  return router;
}
