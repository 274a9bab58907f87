import { useApolloClient } from '@apollo/client/react';
import { IMPORT_LIMITS, ImportMessages, type ImportColumnField, type ProductImportMode, type ProductImportResult } from '@stockroom/schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toaster';
import { UploadError } from '../../../lib/upload';
import { applyBulkChange } from '../shared/bulk-cache';
import { sendImport } from './product-import-request';

/** Where an import stands: nothing chosen, a dry run under way or done, the import under way or done. */
export type ImportPhase = 'idle' | 'checking' | 'checked' | 'applying' | 'applied';

export interface ProductImportState {
  file: File | null;
  mode: ProductImportMode;
  phase: ImportPhase;
  /** The share of the file sent (0..1) while a request uploads; null once the server is working on it. */
  uploadProgress: number | null;
  /** The last dry run's answer, or the import's. */
  result: ProductImportResult | null;
  /** Why the file was refused as a whole (too large, not UTF-8...), or the request failed. */
  error: string | null;
  /** The columns whose field the user chose. */
  mapping: Record<string, ImportColumnField | null>;
}

const INITIAL: ProductImportState = { file: null, mode: 'create', phase: 'idle', uploadProgress: null, result: null, error: null, mapping: {} };

/** What the server would refuse at once, told before a byte is sent. */
function checkFile(file: File): string | undefined {
  if (file.size === 0) return ImportMessages.empty;
  if (file.size > IMPORT_LIMITS.maxBytes) return ImportMessages.tooLarge;
  return undefined;
}

/**
 * The import dialog's state and actions: a file chosen (or dropped) is
 * checked at once by a dry run, and again whenever the mode or a column's
 * field changes; applying sends the same file for real. Once applied, every
 * list, figure and chart the import may have moved is dropped from the cache,
 * so what is on screen is fetched again.
 */
export function useProductImport() {
  const client = useApolloClient();
  const [state, setState] = useState<ProductImportState>(INITIAL);
  const inFlight = useRef<AbortController | null>(null);

  const run = useCallback(
    async (next: Pick<ProductImportState, 'file' | 'mode' | 'mapping'>, dryRun: boolean) => {
      if (!next.file) return;
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const refused = checkFile(next.file);
      if (refused) {
        setState({ ...INITIAL, ...next, error: refused });
        return;
      }
      setState((s) => ({ ...s, ...next, phase: dryRun ? 'checking' : 'applying', uploadProgress: 0, error: null, ...(dryRun ? { result: null } : {}) }));
      try {
        const result = await sendImport({
          ...next,
          file: next.file,
          dryRun,
          signal: controller.signal,
          onUploadProgress: (fraction) => setState((s) => ({ ...s, uploadProgress: fraction >= 1 ? null : fraction })),
        });
        if (controller.signal.aborted) return;
        const applied = !dryRun && result.errors.length === 0;
        setState((s) => ({ ...s, phase: applied ? 'applied' : 'checked', uploadProgress: null, result }));
        if (applied) {
          applyBulkChange(client.cache, null);
          toast.success(ImportMessages.imported(result.created, result.updated));
        }
      } catch (error) {
        if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
        const message = error instanceof UploadError ? error.message : ImportMessages.failed;
        setState((s) => ({ ...s, phase: dryRun ? 'idle' : 'checked', uploadProgress: null, error: message, ...(dryRun ? { result: null } : {}) }));
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [client],
  );

  useEffect(() => () => inFlight.current?.abort(), []);

  const chooseFile = (file: File) => void run({ file, mode: state.mode, mapping: {} }, true);
  const changeMode = (mode: ProductImportMode) => {
    if (state.file) void run({ file: state.file, mode, mapping: state.mapping }, true);
    else setState((s) => ({ ...s, mode }));
  };
  const changeColumn = (header: string, field: ImportColumnField | null) => void run({ file: state.file, mode: state.mode, mapping: { ...state.mapping, [header]: field } }, true);
  const apply = () => void run({ file: state.file, mode: state.mode, mapping: state.mapping }, false);
  const reset = () => {
    inFlight.current?.abort();
    setState(INITIAL);
  };

  return { state, chooseFile, changeMode, changeColumn, apply, reset };
}
