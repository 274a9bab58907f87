import type { ApolloCache } from '@apollo/client';
import type { StockCountLineRecordFragment } from '@stockroom/schema/generated/graphql';
import { StockCountDetailsDocument } from '@stockroom/schema/generated/hooks';
import type { RecordedCountLine } from './send-count-line';

/** A line as REST answered it, in the shape the count's query holds its lines (with the type names the cache files them under). */
export function lineRecordOf(line: RecordedCountLine): StockCountLineRecordFragment {
  const { id, productId, productName, productSku, locationId, locationPath, quantity, ledgerPosition, countedAt, countedBy, replaces, status, uncounted } = line;
  return {
    __typename: 'StockCountLine',
    id,
    productId,
    productName,
    productSku,
    locationId,
    locationPath,
    quantity,
    ledgerPosition,
    countedAt,
    countedBy: countedBy && { __typename: 'StockMovementUser', id: countedBy.id, fullName: countedBy.fullName },
    replaces,
    status,
    uncounted,
  } as StockCountLineRecordFragment;
}

/**
 * Adds a line just recorded to the count held in the cache, rather than
 * asking for the count again: a count of thousands of lines would come back
 * whole after each one, on a phone in a basement. A line already there (a
 * replay answered again) is not added twice.
 */
export function addLineToCachedCount(cache: ApolloCache, countId: string, line: RecordedCountLine): void {
  cache.updateQuery({ query: StockCountDetailsDocument, variables: { id: countId } }, (data) => {
    if (!data || data.stockCount.lines.some((known) => known.id === line.id)) return data;
    const { stockCount, lines } = data.stockCount;
    return { ...data, stockCount: { ...data.stockCount, stockCount: { ...stockCount, lineCount: stockCount.lineCount + 1 }, lines: [...lines, lineRecordOf(line)] } };
  });
}

/**
 * The count's lines with those this screen recorded (and those the device's
 * queue has sent): an answer for the count asked before a line was recorded
 * (a refetch on the way) may come back without it, and the line must not
 * vanish from the list. Each line once, however many of them know it.
 */
export function withRecordedLines(lines: readonly StockCountLineRecordFragment[], recorded: readonly StockCountLineRecordFragment[]): StockCountLineRecordFragment[] {
  const known = new Set(lines.map((line) => line.id));
  const added: StockCountLineRecordFragment[] = [];
  for (const line of recorded) {
    if (known.has(line.id)) continue;
    known.add(line.id);
    added.push(line);
  }
  return [...lines, ...added];
}
