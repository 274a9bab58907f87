import { ApiTokenMessages, type ApiTokenRevokedReason } from '@stockroom/schema';
import type { ApiTokenDetailsFragment } from '@stockroom/schema/generated/graphql';

/** Whether a token still works, and if not why: the list's status column. */
export type ApiTokenState = { kind: 'active' } | { kind: 'expired' } | { kind: 'revoked'; reason: string };

export function apiTokenStateOf(token: Pick<ApiTokenDetailsFragment, 'expiresAt' | 'revokedAt' | 'revokedReason'>, now = Date.now()): ApiTokenState {
  if (token.revokedAt) {
    const reason = ApiTokenMessages.revokedReasons[token.revokedReason as ApiTokenRevokedReason] ?? 'Revoked';
    return { kind: 'revoked', reason };
  }
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now) return { kind: 'expired' };
  return { kind: 'active' };
}

/** 'Read only' or 'Read and write': what the token may do, in words. */
export const scopesInWords = (scopes: readonly string[]) => (scopes.includes('write') ? 'Read and write' : 'Read only');
