import { useApolloClient } from '@apollo/client/react';
import { Rules, validateFields } from '@stockroom/schema';
import { StockCountProductSearchDocument, StockCountProductStockDocument } from '@stockroom/schema/generated/hooks';
import { useCallback, useRef, useState } from 'react';
import { extractErrorMessage } from '../../lib/errors';
import { lookUpProductCode } from '../../lib/product-code-lookup';
import { startingPlace, type ScopeLocation } from './count-scope';
import { sendCountLine, type RecordedCountLine } from './send-count-line';

/** A product the counter may pick, when a search matched several. */
export interface ProductChoice {
  id: string;
  name: string;
  sku?: string | null;
}

/** The product being counted, with what its stock was at each place when the screen showed it. */
export interface CountedProduct {
  product: ProductChoice;
  /** Quantity and ledger position per place holding a level, as read when the product was chosen. */
  levels: ReadonlyMap<string, { quantity: number; ledgerPosition: string }>;
}

/** Why a search chose no product. */
export type EntryNotice = { kind: 'none'; term: string } | { kind: 'failed'; message: string };

const CHOICES_LIMIT = 8;

/**
 * A count page's entry: a scanned or typed code (or name) finds a product,
 * several are offered to pick from; the chosen product's stock is read then,
 * so each place's ledger position is the one the counter saw; the line is
 * recorded through sendCountLine with that position.
 */
export function useCountEntry(countId: string, places: readonly ScopeLocation[], countLocationId: string | null, onRecorded: (line: RecordedCountLine) => void) {
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

  const pick = useCallback(
    async (product: ProductChoice) => {
      const ask = ++latest.current;
      setLooking(true);
      setChoices(null);
      setNotice(null);
      setError(null);
      try {
        // Never from the cache: the position must be the newest the server has now.
        const { data } = await client.query({ query: StockCountProductStockDocument, variables: { id: product.id }, fetchPolicy: 'no-cache' });
        if (ask !== latest.current) return;
        const levels = new Map((data?.productStock.levels ?? []).map((level) => [level.location.id, { quantity: level.quantity, ledgerPosition: level.ledgerPosition }]));
        setCounted({ product, levels });
        setLocationId(startingPlace(places, [...levels.keys()], countLocationId)?.id ?? '');
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

  const find = useCallback(
    async (code: string) => {
      if (!code.trim()) return;
      const ask = ++latest.current;
      setLooking(true);
      setNotice(null);
      setChoices(null);
      setCounted(null);
      setError(null);
      const result = await lookUpProductCode(client, code);
      if (ask !== latest.current) return;
      if (result.kind === 'one') return void pick(result.product);
      if (result.kind === 'failed') setNotice({ kind: 'failed', message: extractErrorMessage(result.error) });
      else if (result.kind === 'none') setNotice({ kind: 'none', term: result.term });
      else {
        try {
          const { data } = await client.query({ query: StockCountProductSearchDocument, variables: { query: { search: result.term, limit: CHOICES_LIMIT } }, fetchPolicy: 'network-only' });
          if (ask === latest.current) setChoices(data?.products.products ?? []);
        } catch (failure) {
          if (ask === latest.current) setNotice({ kind: 'failed', message: extractErrorMessage(failure) });
        }
      }
      if (ask === latest.current) setLooking(false);
    },
    [client, pick],
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
    if (!locationId) return setError('Choose where it was counted');
    const problem = validateFields({ quantity: Rules.quantity }, { quantity: quantity.trim() === '' ? undefined : Number(quantity) }).quantity;
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    try {
      const line = await sendCountLine(countId, {
        productId: counted.product.id,
        locationId,
        quantity: Number(quantity),
        ledgerPosition: counted.levels.get(locationId)?.ledgerPosition ?? '0',
        countedAt: new Date().toISOString(),
      });
      onRecorded(line);
      setCounted(null);
      setQuantity('');
      setTimeout(() => codeInputRef.current?.select());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : extractErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  }, [counted, locationId, quantity, countId, onRecorded]);

  return { looking, notice, choices, counted, locationId, setLocationId, quantity, setQuantity, saving, error, find, pick, clear, record, codeInputRef, quantityInputRef };
}
