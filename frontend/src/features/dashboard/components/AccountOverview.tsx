import { Card, Classes, H2 } from '@blueprintjs/core';
import { useId } from 'react';
import { UserAvatar } from '../../../components/UserAvatar';
import { UserDetailsList, type UserDetailsListProps } from '../../../components/UserDetailsList';
import { formatCount, formatCurrency } from '../../../lib/format';

export interface CatalogueTotals {
  totalProducts: number;
  inventoryValue: number;
  /** At or under their reorder level, out of stock included. */
  needsReordering: number;
}

export interface AccountOverviewProps extends UserDetailsListProps {
  avatar: string | null;
  /** null while the dashboard query is on its way (or failed): the figures show a placeholder. */
  totals: CatalogueTotals | null;
}

function Figure({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd aria-busy={value === null}>{value ?? <span className={`dashboard__figure-placeholder ${Classes.SKELETON}`} aria-hidden="true" />}</dd>
    </div>
  );
}

/** Who is signed in (from the session, so a profile change shows at once) and the size of their catalogue. */
export function AccountOverview({ avatar, totals, ...details }: AccountOverviewProps) {
  const headingId = useId();
  return (
    <Card className="dashboard__panel dashboard__overview">
      <section aria-labelledby={headingId}>
        <div className="dashboard__overview-head">
          <UserAvatar fullName={details.fullName} avatar={avatar} size="large" />
          <H2 id={headingId} className="dashboard__panel-title">
            Account overview
          </H2>
        </div>
        <UserDetailsList {...details} />
        <dl className="details-list dashboard__totals" aria-label="Your catalogue">
          <Figure label="Products" value={totals ? formatCount(totals.totalProducts) : null} />
          <Figure label="Inventory value" value={totals ? formatCurrency(totals.inventoryValue) : null} />
          <Figure label="Needs reordering" value={totals ? formatCount(totals.needsReordering) : null} />
        </dl>
      </section>
    </Card>
  );
}
