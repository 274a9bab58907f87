import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { extractErrorMessage } from '../../lib/errors';
import { lookUpProductCode } from '../../lib/product-code-lookup';

/** Where a code came from: the camera, or typed (or sent by a keyboard-like barcode reader) into the code field. */
export type CodeSource = 'camera' | 'typed';

/** A code that is not one product: none has it, several match it, or the search did not answer. */
export type ScanHereNotice = { kind: 'none' | 'several'; term: string } | { kind: 'failed'; term: string; message: string };

export interface ProductFound {
  product: { id: string; name: string };
  source: CodeSource;
}

/**
 * A location page's scanning: each code is looked up as the product list's scan
 * does; one product opens the stock dialogs there, anything else says why not.
 * When the dialogs are done the focus goes back to where the code came from,
 * its text selected, so the next product can be scanned or typed at once.
 */
export function useScanHere(locationId: string) {
  const client = useApolloClient();
  const [looking, setLooking] = useState(false);
  // What was said belongs to its location: another location's page starts without it.
  const [said, setNotice] = useState<{ locationId: string; notice: ScanHereNotice } | null>(null);
  const notice = said?.locationId === locationId ? said.notice : null;
  const [found, setFound] = useState<ProductFound | null>(null);
  const [refocus, setRefocus] = useState<CodeSource | null>(null);
  const scanButtonRef = useRef<HTMLButtonElement>(null);
  const codeInputRef = useRef<HTMLInputElement>(null);
  // A later code wins: the answer for an earlier one, still on its way, is dropped.
  const latest = useRef(0);

  const lookUp = useCallback(
    async (code: string, source: CodeSource) => {
      if (!code.trim()) return;
      const ask = ++latest.current;
      setLooking(true);
      setNotice(null);
      const result = await lookUpProductCode(client, code);
      if (ask !== latest.current) return;
      setLooking(false);
      if (result.kind === 'one') setFound({ product: result.product, source });
      else if (result.kind === 'failed') setNotice({ locationId, notice: { kind: 'failed', term: result.term, message: extractErrorMessage(result.error) } });
      else setNotice({ locationId, notice: { kind: result.kind, term: result.term } });
    },
    [client, locationId],
  );

  const done = useCallback(() => {
    setRefocus(found?.source ?? null);
    setFound(null);
  }, [found]);

  // After the dialogs have gone, so that nothing of theirs takes the focus back.
  useEffect(() => {
    if (!refocus) return;
    const input = codeInputRef.current;
    const target = (refocus === 'camera' && scanButtonRef.current) || input;
    target?.focus();
    if (target === input) input?.select();
    setRefocus(null);
  }, [refocus]);

  return { looking, notice, found, lookUp, done, scanButtonRef, codeInputRef };
}
