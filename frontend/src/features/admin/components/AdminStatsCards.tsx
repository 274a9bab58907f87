import { Card } from '@blueprintjs/core';
import type { AdminStatsFiguresFragment } from '@stockroom/schema/generated/graphql';
import { formatCount, formatCurrency } from '../../../lib/format';

const FIGURES: ReadonlyArray<{ key: keyof AdminStatsFiguresFragment; label: string; format?: (value: number) => string }> = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'activeUsers', label: 'Active' },
  { key: 'inactiveUsers', label: 'Inactive' },
  { key: 'adminUsers', label: 'Admins' },
  { key: 'verifiedUsers', label: 'Verified' },
  { key: 'newUsersLast7Days', label: 'New (7 days)' },
  { key: 'signedInUsers', label: 'Signed In' },
  { key: 'totalProducts', label: 'Total Products' },
  { key: 'inventoryValue', label: 'Inventory Value', format: formatCurrency },
];

/** The whole app's figures (adminStats), one card each. */
export function AdminStatsCards({ stats }: { stats: AdminStatsFiguresFragment }) {
  return (
    <section className="admin-stats-region" aria-label="Admin statistics">
      <dl className="admin-stats">
        {FIGURES.map(({ key, label, format = formatCount }) => (
          <Card key={key} className="admin-stat" data-testid={`admin-stat-${key}`}>
            <dt className="admin-stat__label">{label}</dt>
            <dd className="admin-stat__value">{format(stats[key])}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
