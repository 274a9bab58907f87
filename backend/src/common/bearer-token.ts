import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `req` carries `Authorization: Bearer <token>`, compared in constant time (both sides
 * hashed first, so their lengths say nothing); never true without a token configured.
 */
export function carriesBearerToken(req: Request, token: string | undefined): boolean {
  return token !== undefined && timingSafeEqual(digest(req.get('authorization') ?? ''), digest(`Bearer ${token}`));
}
