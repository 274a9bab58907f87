import { Tag } from '@blueprintjs/core';
import type { StockCountStatus } from '@stockroom/schema/generated/graphql';
import { STATUS_INTENTS, STATUS_LABELS } from '../count-scope';

/** A count's state as a coloured tag: Open, In review, Approved, Cancelled. */
export function StatusTag({ status }: { status: StockCountStatus }) {
  return (
    <Tag intent={STATUS_INTENTS[status]} minimal round data-testid="stock-count-status">
      {STATUS_LABELS[status]}
    </Tag>
  );
}
