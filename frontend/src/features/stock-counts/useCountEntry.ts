import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { useApolloClient } from '@apollo/client/react';
import { Rules, StockCountMessages, validateFields } from '@stockroom/schema';
import { StockCountProductSearchDocument, StockCountProductStockDocument } from '@stockroom/schema/generated/hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { extractErrorMessage } from '../../lib/errors';
import { knownStock, rememberStock } from '../../lib/offline/known-stock';
import { levelAt, ownChangesOutsideRead } from '../../lib/offline/known-stock-model';
import type { KnownLevel } from '../../lib/offline/offline-db';
import { isOffline } from '../../lib/offline/network-status';
import { currentAccountId } from '../../lib/offline/change-queue';
import { findLocalProduct } from '../../lib/offline/product-copy';
import { useQueuedChanges } from '../../lib/offline/useQueuedChanges';
import { lookUpProductCode } from '../../lib/product-code-lookup';
import { startingPlace, type ScopeLocation } from './count-scope';
import { findOnDevice } from './find-on-device';
import { sendCountLine, type CountLineOutcome } from './send-count-line';

/** A product the counter may pick, when a search matched several. */
export interface ProductChoice {
  id: string;
  name: string;
  sku?: string | null;
}

/**
 * Where the stock a line is set against comes from: the server, read as the product was chosen;
 * this device's last read of it (no network), sent at `readAt`; or nowhere (never read here).
 */
export type StockSource = { kind: 'server'; readAt: number } | { kind: 'device'; readAt: number } | { kind: 'unknown' };

/** The product being counted, with what its stock was at each place as the screen showed it. */
export interface CountedProduct {
  product: ProductChoice;
  /** The places holding stock in that read, each with its quantity and ledger position; a place not listed held none. */
  levels: readonly KnownLevel[];
  /** The places that read covered (a count's scope); null: every place. */
  places: readonly string[] | null;
  source: StockSource;
}

/** Why a search chose no product. */
export type EntryNotice = { kind: 'none'; term: string } | { kind: 'failed'; message: string };

const CHOICES_LIMIT = 8;

/** No answer came (no network, the server out of reach), as against an answer refusing the question. */
const isUnanswered = (error: unknown) => !CombinedGraphQLErrors.is(error) && !ServerError.is(error);

/** The message for a product whose stock this device never read, counted with no network. */
/** Why a product cannot be counted against its read while the device's own changes of it are not in it. */
export const OWN_CHANGES_MESSAGES = {
  waiting: 'Stock changes of this product recorded on this device have not reached the server yet. Count it once they are sent, so that they are not counted twice.',
  sentSinceRead: 'Stock changes of this product recorded on this device reached the server after its stock was read. Find it again to read its stock anew.',
} as const;

/** The message for a place outside the places this device's read of the product covered. */
export const UNKNOWN_PLACE_MESSAGE = "This device has not read this product's stock at this place, so a count of it here cannot be set against the ledger. Count it here when the network is back.";

export const UNKNOWN_STOCK_MESSAGE = "This device has not read this product's stock yet, so a count of it cannot be set against the ledger. Count it when the network is back.";

/**
 * The product's stock to count against: read from the server now (and kept on the device), or,
 * with no network, as this device last read it. Never a position newer than the one the screen
 * shows: the line names the position of the very read whose quantities the counter saw.
 */
async function stockToCount(read: () => Promise<KnownLevel[]>, productId: string): Promise<Pick<CountedProduct, 'levels' | 'places' | 'source'>> {
  if (!isOffline()) {
    const askedAt = Date.now();
    try {
      const levels = await read();
      await rememberStock(productId, levels, askedAt).catch(() => undefined);
      return { levels, places: null, source: { kind: 'server', readAt: askedAt } };
    } catch (error) {
      // No answer (the network is gone without the browser saying so yet): as offline. A refusal is shown.
      if (!isUnanswered(error)) throw error;
    }
  }
  const known = await knownStock(productId).catch(() => null);
  return known
    ? { levels: known.levels, places: known.places ?? null, source: { kind: 'device', readAt: known.askedAt } }
    : { levels: [], places: null, source: { kind: 'unknown' } };
}

/**
 * Whether the device can tell the product is outside a count of one category: its copy of the
 * product names another category. What the server answers online, said with no network.
 */
async function outsideCategory(productId: string, countCategory: string | null): Promise<boolean> {
  if (!countCategory) return false;
  const local = await findLocalProduct(productId).catch(() => null);
  return local !== null && local.category !== countCategory;
}

/**
 * A count page's entry: a scanned or typed code (or name) finds a product
 * (from the device's copy of the products with no network), several are
 * offered to pick from; the chosen product's stock is read then, so each
 * place's ledger position is the one the counter saw; the line goes to the
 * offline queue with that position (sendCountLine), and `onSent` hears what
 * became of it. A line the server would refuse as outside the count's scope
 * is refused with its message with no network too (a count of a category:
 * the device's copy knows each product's; a count of a location offers only
 * its places).
 */
export function useCountEntry(
  countId: string,
  places: readonly ScopeLocation[],
  countLocationId: string | null,
  countCategory: string | null,
  onSent: (outcome: CountLineOutcome, productName: string) => void,
) {
  const client = useApolloClient();
  const [looking, setLooking] = useState(false);
  const [notice, setNotice] = useState<EntryNotice | null>(null);
  const [choices, setChoices] = useState<ProductChoice[] | null>(null);
  const [counted, setCounted] = useState<CountedProduct | null>(null);
  const [locationId, setLocationId] = useState('');
  const [quantity, setQuantity] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeInputRef = useRef<HTMLInputElement>(null);
  const quantityInputRef = useRef<HTMLInputElement>(null);
  // A later search wins: the answer for an earlier one, still on its way, is dropped.
  const latest = useRef(0);
  // The device's own stock changes of the product that the read it is counted against does not hold.
  const { changes } = useQueuedChanges();
  const ownChanges = useMemo(
    () => (counted && counted.source.kind !== 'unknown' ? ownChangesOutsideRead(changes, currentAccountId(), counted.product.id, counted.source.readAt) : null),
    [changes, counted],
  );

  const pick = useCallback(
    async (product: ProductChoice) => {
      const ask = ++latest.current;
      setLooking(true);
      setChoices(null);
      setNotice(null);
      setError(null);
      try {
        // Never from the cache: the position must be the newest the server has now.
        const read = async () => {
          const { data } = await client.query({ query: StockCountProductStockDocument, variables: { id: product.id }, fetchPolicy: 'no-cache' });
          return (data?.productStock.levels ?? []).map((level) => ({ locationId: level.location.id, quantity: level.quantity, ledgerPosition: level.ledgerPosition }));
        };
        const stock = await stockToCount(read, product.id);
        if (ask !== latest.current) return;
        setCounted({ product, ...stock });
        setLocationId(startingPlace(places, stock.levels.map((level) => level.locationId), countLocationId)?.id ?? '');
        setQuantity('');
        setTimeout(() => quantityInputRef.current?.focus());
      } catch (failure) {
        if (ask === latest.current) setNotice({ kind: 'failed', message: extractErrorMessage(failure) });
      } finally {
        if (ask === latest.current) setLooking(false);
      }
    },
    [client, places, countLocationId],
  );

  /** The code looked up in the device's copy of the products (no network, or the server did not answer). */
  const findHere = useCallback(
    async (code: string, ask: number) => {
      const found = await findOnDevice(code, CHOICES_LIMIT).catch((failure: unknown) => ({ kind: 'failed' as const, failure }));
      if (ask !== latest.current) return;
      if (found.kind === 'one') return void pick(found.product);
      if (found.kind === 'failed') setNotice({ kind: 'failed', message: extractErrorMessage(found.failure) });
      else if (found.kind === 'none') setNotice({ kind: 'none', term: found.term });
      else setChoices(found.products);
      setLooking(false);
    },
    [pick],
  );

  const find = useCallback(
    async (code: string) => {
      if (!code.trim()) return;
      const ask = ++latest.current;
      setLooking(true);
      setNotice(null);
      setChoices(null);
      setCounted(null);
      setError(null);
      if (isOffline()) return findHere(code, ask);
      const result = await lookUpProductCode(client, code);
      if (ask !== latest.current) return;
      if (result.kind === 'one') return void pick(result.product);
      if (result.kind === 'failed') {
        if (isUnanswered(result.error)) return findHere(code, ask);
        setNotice({ kind: 'failed', message: extractErrorMessage(result.error) });
      } else if (result.kind === 'none') setNotice({ kind: 'none', term: result.term });
      else {
        try {
          const { data } = await client.query({ query: StockCountProductSearchDocument, variables: { query: { search: result.term, limit: CHOICES_LIMIT } }, fetchPolicy: 'network-only' });
          if (ask === latest.current) setChoices(data?.products.products ?? []);
        } catch (failure) {
          if (isUnanswered(failure)) return findHere(code, ask);
          if (ask === latest.current) setNotice({ kind: 'failed', message: extractErrorMessage(failure) });
        }
      }
      if (ask === latest.current) setLooking(false);
    },
    [client, pick, findHere],
  );

  const clear = useCallback(() => {
    latest.current++;
    setCounted(null);
    setChoices(null);
    setError(null);
    setLooking(false);
    setTimeout(() => codeInputRef.current?.select());
  }, []);

  const record = useCallback(async () => {
    if (!counted) return;
    // Online the server answers for the scope; its stock read from the device, so does the device.
    if (counted.source.kind !== 'server' && (await outsideCategory(counted.product.id, countCategory))) return setError(StockCountMessages.outsideScope);
    if (counted.source.kind === 'unknown') return setError(UNKNOWN_STOCK_MESSAGE);
    if (ownChanges) return setError(OWN_CHANGES_MESSAGES[ownChanges]);
    if (!locationId) return setError('Choose where it was counted');
    const level = levelAt(counted.levels, locationId, counted.places);
    if (!level) return setError(UNKNOWN_PLACE_MESSAGE);
    const problem = validateFields({ quantity: Rules.quantity }, { quantity: quantity.trim() === '' ? undefined : Number(quantity) }).quantity;
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    try {
      const outcome = await sendCountLine(countId, {
        productId: counted.product.id,
        locationId,
        quantity: Number(quantity),
        ledgerPosition: level.ledgerPosition,
        countedAt: new Date().toISOString(),
      });
      onSent(outcome, counted.product.name);
      setCounted(null);
      setQuantity('');
      setTimeout(() => codeInputRef.current?.select());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : extractErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  }, [counted, countCategory, ownChanges, locationId, quantity, countId, onSent]);

  return { looking, notice, choices, counted, ownChanges, locationId, setLocationId, quantity, setQuantity, saving, error, find, pick, clear, record, codeInputRef, quantityInputRef };
}
