import { Button, Tag } from '@blueprintjs/core';
import type { ApiTokenDetailsFragment } from '@stockroom/schema/generated/graphql';
import { formatLongDate } from '../../../lib/format';
import { apiTokenStateOf, scopesInWords } from '../api-token-display';

export interface ApiTokenListProps {
  tokens: readonly ApiTokenDetailsFragment[];
  onRevoke(token: ApiTokenDetailsFragment): void;
}

const dateOr = (value: string | null, none: string) => (value ? formatLongDate(value) : none);

/** The caller's tokens, newest first: name, scopes, dates and state, each with Revoke. */
export function ApiTokenList({ tokens, onRevoke }: ApiTokenListProps) {
  if (!tokens.length) return <p className="api-token-list__empty">You have no API tokens yet.</p>;
  return (
    <ul className="api-token-list" aria-label="API tokens">
      {tokens.map((token) => {
        const state = apiTokenStateOf(token);
        return (
          <li key={token.id} className="api-token-list__item" aria-label={token.name}>
            <div className="api-token-list__head">
              <strong className="api-token-list__name">{token.name}</strong>
              <code className="api-token-list__prefix">{token.prefix}…</code>
              <Tag minimal round intent={state.kind === 'active' ? 'success' : state.kind === 'expired' ? 'warning' : 'danger'}>
                {state.kind === 'active' ? 'Active' : state.kind === 'expired' ? 'Expired' : 'Revoked'}
              </Tag>
            </div>
            {state.kind === 'revoked' && <p className="api-token-list__reason">{state.reason}</p>}
            <dl className="api-token-list__details">
              <div>
                <dt>Scopes</dt>
                <dd>{scopesInWords(token.scopes)}</dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>{formatLongDate(token.createdAt)}</dd>
              </div>
              <div>
                <dt>Last used</dt>
                <dd>{dateOr(token.lastUsedAt, 'Never')}</dd>
              </div>
              <div>
                <dt>Expires</dt>
                <dd>{dateOr(token.expiresAt, 'Never')}</dd>
              </div>
            </dl>
            <Button intent="danger" variant="outlined" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
              {state.kind === 'active' ? 'Revoke' : 'Remove'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
