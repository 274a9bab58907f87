import { Button, Callout, Card, FormGroup, H2, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { ScannerMessages } from '@stockroom/schema';
import { useId, useState } from 'react';
import { ScanButton } from '../../../components/scanner/ScanButton';
import { levelAt } from '../../../lib/offline/known-stock-model';
import { formatCount, formatDateTime } from '../../../lib/format';
import type { ScopeLocation } from '../count-scope';
import { OWN_CHANGES_MESSAGES, UNKNOWN_STOCK_MESSAGE, type StockSource, type useCountEntry } from '../useCountEntry';

export interface CountEntryProps {
  entry: ReturnType<typeof useCountEntry>;
  /** The places a line may name (the count's location and those below it). */
  places: readonly ScopeLocation[];
  /** Whether the quantities the system expects are shown (not to a counter in a blind count). */
  showExpected: boolean;
}

/**
 * Counting on a phone: scan a product's code, or type a code or a name; pick
 * the product when several match, the place when the count has several, and
 * enter what is there.
 */
export function CountEntry({ entry, places, showExpected }: CountEntryProps) {
  const titleId = useId();
  const codeId = useId();
  const placeId = useId();
  const quantityId = useId();
  const [code, setCode] = useState('');
  const { counted } = entry;
  // Nothing is expected of a product whose stock the device never read (here), or read without quantities (a blind count).
  const expected = counted && entry.locationId && counted.source.kind !== 'unknown' ? (levelAt(counted.levels, entry.locationId, counted.places)?.quantity ?? null) : null;

  return (
    <Card className="stock-counts-card count-entry">
      <section aria-labelledby={titleId}>
        <H2 id={titleId} className="stock-counts-card__title">
          Count a product
        </H2>
        <ScanButton className="count-entry__camera" text={ScannerMessages.scanHere} onCode={(scanned) => void entry.find(scanned)} />
        <form
          className="count-entry__find"
          onSubmit={(event) => {
            event.preventDefault();
            void entry.find(code);
          }}
        >
          <FormGroup label="Product code or name" labelFor={codeId}>
            <div className="count-entry__row">
              <InputGroup
                id={codeId}
                className="count-entry__grow"
                inputRef={entry.codeInputRef}
                size="large"
                placeholder="SKU, barcode or name"
                autoComplete="off"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
              <Button type="submit" size="large" text={ScannerMessages.findCode} loading={entry.looking} />
            </div>
          </FormGroup>
        </form>
        <div role="status" className="count-entry__notice">
          {entry.notice?.kind === 'none' && <Callout compact intent="warning">{ScannerMessages.noProduct(entry.notice.term)}</Callout>}
          {entry.notice?.kind === 'failed' && <Callout compact intent="danger">{entry.notice.message}</Callout>}
          {entry.choices?.length === 0 && <Callout compact intent="warning">No product matches.</Callout>}
        </div>
        {entry.choices && entry.choices.length > 0 && (
          <ul className="count-entry__choices" aria-label="Matching products">
            {entry.choices.map((product) => (
              <li key={product.id}>
                <Button variant="minimal" alignText="start" fill onClick={() => void entry.pick(product)}>
                  {product.name}
                  {product.sku && <span className="count-entry__sku"> · {product.sku}</span>}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {counted && (
          <form
            className="count-entry__line"
            aria-label={`Count ${counted.product.name}`}
            onSubmit={(event) => {
              event.preventDefault();
              void entry.record();
            }}
          >
            <p className="count-entry__product">
              <strong>{counted.product.name}</strong>
              {counted.product.sku && <span className="count-entry__sku"> · {counted.product.sku}</span>}
            </p>
            {entry.error && (
              <Callout intent="danger" role="alert" className="count-entry__error">
                {entry.error}
              </Callout>
            )}
            <StockSourceNote source={counted.source} showExpected={showExpected} />
            {entry.ownChanges && (
              <Callout compact intent="warning" className="count-entry__source" data-testid="count-entry-own-changes">
                {OWN_CHANGES_MESSAGES[entry.ownChanges]}
              </Callout>
            )}
            {places.length === 1 && <p className="count-entry__place">At {places[0].path}</p>}
            {places.length > 1 && (
              <FormGroup label="Where" labelFor={placeId}>
                <HTMLSelect id={placeId} fill large value={entry.locationId} onChange={(event) => entry.setLocationId(event.target.value)}>
                  {places.map((place) => (
                    <option key={place.id} value={place.id}>
                      {place.path}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            )}
            <FormGroup
              label="Counted quantity"
              labelFor={quantityId}
              helperText={showExpected && expected !== null ? <span data-testid="count-entry-expected">Expected here: {formatCount(expected)}</span> : undefined}
            >
              <InputGroup
                id={quantityId}
                inputRef={entry.quantityInputRef}
                size="large"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                value={entry.quantity}
                onChange={(event) => entry.setQuantity(event.target.value)}
              />
            </FormGroup>
            <div className="count-entry__row count-entry__actions">
              <Button size="large" onClick={entry.clear} disabled={entry.saving}>
                Cancel
              </Button>
              <Button type="submit" size="large" intent="primary" loading={entry.saving} disabled={counted.source.kind === 'unknown' || entry.ownChanges !== null}>
                Record count
              </Button>
            </div>
          </form>
        )}
      </section>
    </Card>
  );
}

/**
 * Says when the stock the line is set against is not the server's of now: with no network it is
 * this device's last read of it (the expected quantity may be out of date; the line is merged with
 * the ledger from that read), or none, and then the product cannot be counted until the network is back.
 */
function StockSourceNote({ source, showExpected }: { source: StockSource; showExpected: boolean }) {
  if (source.kind === 'server') return null;
  if (source.kind === 'unknown') {
    return (
      <Callout compact intent="warning" className="count-entry__source" data-testid="count-entry-stock-unknown">
        {UNKNOWN_STOCK_MESSAGE}
      </Callout>
    );
  }
  const when = formatDateTime(new Date(source.readAt));
  return (
    <Callout compact className="count-entry__source" data-testid="count-entry-stock-stale">
      {showExpected ? `Offline: expected as this device last read it, ${when}. It may have changed since.` : `Offline: counted against the stock as this device last read it, ${when}.`}
    </Callout>
  );
}
