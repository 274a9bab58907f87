import { Button, Callout, Checkbox, Classes, FormGroup, H2, H3, HTMLSelect, HTMLTable, Switch } from '@blueprintjs/core';
import { TickIcon } from '@blueprintjs/icons';
import { useStockCountReviewQuery } from '@stockroom/schema/generated/hooks';
import { useId, useMemo, useState } from 'react';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import { EmptyState } from '../../../components/EmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { extractErrorMessage } from '../../../lib/errors';
import { formatCount, formatCurrency } from '../../../lib/format';
import { formatVariance, formatVarianceValue, pageOf, sortReviewRows, varianceIntent, type ReviewItem, type ReviewSort } from '../review-rows';

const PAGE_SIZE = 50;

/** What an approval books: the chosen lines (null: every pending one), and whether stock no one counted goes to 0. */
export interface Approval {
  lineIds: string[] | null;
  notCountedAsZero: boolean;
}

export interface CountReviewProps {
  countId: string;
  /** Admins and above approve; the rest read. */
  mayApprove: boolean;
  /** Resolves once approved; a refusal rejects with the server's error. */
  onApprove(approval: Approval): Promise<void>;
}

const keyOf = (row: { productId: string; locationId: string }) => `${row.productId}:${row.locationId}`;

/** A figure coloured as a loss or a gain. */
function Signed({ text, variance }: { text: string; variance: number | null }) {
  const intent = varianceIntent(variance);
  return <span className={intent === 'none' ? undefined : `count-review__${intent}`}>{text}</span>;
}

/**
 * A submitted count's review: for each product and place its lines counted,
 * the quantity expected, the difference and its value, sorted by value or by
 * product, a page at a time; and the stock nobody counted. Admins approve
 * every line or those chosen, and book the stock nobody counted as 0 only
 * when they say so.
 */
export function CountReview({ countId, mayApprove, onApprove }: CountReviewProps) {
  const review = useStockCountReviewQuery({ variables: { id: countId }, fetchPolicy: 'cache-and-network' });
  const [sort, setSort] = useState<ReviewSort>('value');
  const [page, setPage] = useState(1);
  const [notCountedPage, setNotCountedPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notCountedAsZero, setNotCountedAsZero] = useState(false);
  const [confirming, setConfirming] = useState<'all' | 'selected' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sortId = useId();
  const data = review.data?.stockCountReview;
  const items = useMemo(() => sortReviewRows(data?.items ?? [], sort), [data, sort]);
  const notCounted = useMemo(() => sortReviewRows(data?.notCounted ?? [], sort), [data, sort]);

  if (review.error && !data) return <LoadError headingLevel={3} message={extractErrorMessage(review.error)} onRetry={() => void review.refetch()} />;
  if (!data) return <p className={Classes.SKELETON}>Loading the review</p>;

  const shown = pageOf(items, page, PAGE_SIZE);
  const shownNotCounted = pageOf(notCounted, notCountedPage, PAGE_SIZE);
  const chosen = items.filter((item) => selected.has(keyOf(item)));
  const toggle = (item: ReviewItem, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(keyOf(item));
      else next.delete(keyOf(item));
      return next;
    });
  const pageAllSelected = shown.rows.length > 0 && shown.rows.every((item) => selected.has(keyOf(item)));
  const totalValue = items.reduce((sum, item) => sum + (item.varianceValue ?? 0), 0) + (notCountedAsZero ? notCounted.reduce((sum, row) => sum + (row.varianceValue ?? 0), 0) : 0);

  const approve = async () => {
    setBusy(true);
    setError(null);
    try {
      await onApprove({ lineIds: confirming === 'selected' ? chosen.flatMap((item) => item.lineIds) : null, notCountedAsZero });
    } catch (failure) {
      setError(extractErrorMessage(failure));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <section aria-labelledby={`${sortId}-title`} className="count-review">
      <H2 id={`${sortId}-title`} className="stock-counts-card__title">
        Review
      </H2>
      {data.expectedHidden && <Callout compact className="count-review__note">This is a blind count: the expected quantities show to those who approve it.</Callout>}
      {error && (
        <Callout intent="danger" role="alert" className="count-review__note">
          {error}
        </Callout>
      )}
      <div className="count-review__tools">
        <FormGroup label="Sort by" labelFor={sortId} inline className="count-review__sort">
          <HTMLSelect id={sortId} value={sort} onChange={(event) => setSort(event.target.value as ReviewSort)}>
            <option value="value">Difference in value</option>
            <option value="product">Product</option>
          </HTMLSelect>
        </FormGroup>
        {!data.expectedHidden && items.length > 0 && (
          <span className="count-review__total" data-testid="count-review-total">
            Net difference: <Signed text={formatVarianceValue(totalValue)} variance={totalValue} />
          </span>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState headingLevel={3} title="No lines to approve" description="Nothing was counted in this count." />
      ) : (
        <>
          <div className="count-review__scroll">
            <HTMLTable compact striped className="count-review__table" aria-label="Counted products">
              <thead>
                <tr>
                  {mayApprove && (
                    <th scope="col" className="count-review__pick">
                      <Checkbox
                        aria-label="Choose every row on this page"
                        checked={pageAllSelected}
                        onChange={(event) => shown.rows.forEach((item) => toggle(item, event.currentTarget.checked))}
                      />
                    </th>
                  )}
                  <th scope="col">Product</th>
                  <th scope="col" className="count-review__number count-review__wide">
                    Expected
                  </th>
                  <th scope="col" className="count-review__number count-review__wide">
                    Counted
                  </th>
                  <th scope="col" className="count-review__number">
                    Difference
                  </th>
                  <th scope="col" className="count-review__number">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.rows.map((item) => (
                  <tr key={keyOf(item)} data-testid="count-review-item">
                    {mayApprove && (
                      <td className="count-review__pick">
                        <Checkbox aria-label={`Choose ${item.productName ?? 'deleted product'} at ${item.locationPath ?? 'a deleted location'}`} checked={selected.has(keyOf(item))} onChange={(event) => toggle(item, event.currentTarget.checked)} />
                      </td>
                    )}
                    <td>
                      <span className="count-review__product">{item.productName ?? 'A deleted product'}</span>
                      <span className={`${Classes.TEXT_MUTED} count-review__place`}>{item.locationPath ?? 'A deleted location'}</span>
                      {/* A phone has no room for the two columns: their figures go under the name. */}
                      <span className={`${Classes.TEXT_MUTED} count-review__narrow`}>
                        {item.expected === null ? '' : `${formatCount(item.expected)} expected · `}
                        {formatCount(item.counted)} counted
                      </span>
                    </td>
                    <td className="count-review__number count-review__wide" data-testid="count-review-expected">
                      {item.expected === null ? '—' : formatCount(item.expected)}
                    </td>
                    <td className="count-review__number count-review__wide" data-testid="count-review-counted">
                      {formatCount(item.counted)}
                    </td>
                    <td className="count-review__number" data-testid="count-review-variance">
                      <Signed text={formatVariance(item.variance)} variance={item.variance} />
                    </td>
                    <td className="count-review__number" data-testid="count-review-value">
                      <Signed text={formatVarianceValue(item.varianceValue)} variance={item.varianceValue} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          {shown.pagination.totalPages > 1 && (
            <ListPagination label="Pages of counted products" noun="products" shown={shown.rows.length} pagination={shown.pagination} onPageChange={setPage} />
          )}
        </>
      )}

      <H3 className="count-review__subtitle">Not counted</H3>
      {notCounted.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>Every place with stock in this count was counted.</p>
      ) : (
        <>
          <p className={Classes.TEXT_MUTED}>Stock in this count that nobody counted. It stays as it is unless you approve it as zero.</p>
          <ul className="count-lines" aria-label="Not counted">
            {shownNotCounted.rows.map((row) => (
              <li key={keyOf(row)} className="count-lines__row" data-testid="count-not-counted">
                <div className="count-lines__what">
                  <span className="count-lines__product">{row.productName}</span>
                  <span className={Classes.TEXT_MUTED}>{row.locationPath ?? 'A deleted location'}</span>
                </div>
                <div className="count-lines__quantity">
                  <span>{row.expected === null ? 'Not counted' : `${formatCount(row.expected)} expected`}</span>
                  {row.varianceValue !== null && <span className={Classes.TEXT_MUTED}>{formatCurrency(Math.abs(row.varianceValue))}</span>}
                </div>
              </li>
            ))}
          </ul>
          {shownNotCounted.pagination.totalPages > 1 && (
            <ListPagination label="Pages of places not counted" noun="places" shown={shownNotCounted.rows.length} pagination={shownNotCounted.pagination} onPageChange={setNotCountedPage} />
          )}
          {mayApprove && (
            <Switch
              className="count-review__zero"
              checked={notCountedAsZero}
              onChange={(event) => setNotCountedAsZero(event.currentTarget.checked)}
              label="Approve not-counted as zero"
            />
          )}
        </>
      )}

      {mayApprove && (
        <div className="count-review__actions">
          <Button disabled={chosen.length === 0} onClick={() => setConfirming('selected')}>
            Approve selected ({formatCount(chosen.length)})
          </Button>
          <Button intent="primary" icon={<TickIcon />} onClick={() => setConfirming('all')}>
            Approve all
          </Button>
        </div>
      )}
      <ConfirmAlert
        isOpen={confirming !== null}
        title={confirming === 'selected' ? 'Approve the selected lines?' : 'Approve the count?'}
        icon={<TickIcon />}
        confirmText="Approve"
        intent="primary"
        busy={busy}
        onConfirm={() => void approve()}
        onCancel={() => setConfirming(null)}
      >
        {confirming === 'selected'
          ? `The differences of ${formatCount(chosen.length)} of ${formatCount(items.length)} products are booked; the other lines are not.`
          : `The differences of all ${formatCount(items.length)} products are booked.`}{' '}
        {notCountedAsZero && notCounted.length > 0 ? `${formatCount(notCounted.length)} places nobody counted are set to 0.` : 'Stock nobody counted stays as it is.'} Sales
        made while counting stay booked.
      </ConfirmAlert>
    </section>
  );
}
