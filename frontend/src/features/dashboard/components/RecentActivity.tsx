import { Card, H2 } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { productPath } from '../../../lib/urls';
import { iconFor } from '../dashboard-mapping';
import { activityTitleOf } from '../dashboard-wording';
import { formatRelativeTime } from '../../../lib/relative-time';
import { EmptyState } from '../../../components/EmptyState';

export interface ActivityEntry {
  id: string;
  kind: string;
  title: string;
  description: string;
  icon: string;
  timestamp: string;
  productId: string | null;
  /** More than 1 for sign-ins in a row, shown as one item. */
  count: number;
  since: string;
}

export interface RecentActivityProps {
  items: readonly ActivityEntry[];
  now: Date;
}

/** The newest activity first, as the server sends it; product entries link to the product. */
export function RecentActivity({ items, now }: RecentActivityProps) {
  const headingId = useId();
  return (
    <Card className="dashboard__panel">
      <section aria-labelledby={headingId}>
        <H2 id={headingId} className="dashboard__panel-title">
          Recent activity
        </H2>
        {items.length === 0 ? (
          <EmptyState
            headingLevel={3}
            className="dashboard__empty"
            icon={<HistoryIcon size={32} />}
            title="No activity yet"
            description="What you do in Stockroom (products you add or change, sign-ins) will show up here."
          />
        ) : (
          <ol className="activity-list" aria-labelledby={headingId}>
            {items.map((item) => {
              const Icon = iconFor(item.icon);
              const title = activityTitleOf(item, now);
              return (
                <li key={item.id} className="activity-list__item">
                  <span className="activity-list__icon" aria-hidden="true">
                    <Icon />
                  </span>
                  <div className="activity-list__body">
                    <div className="activity-list__title">
                      {item.productId ? <Link to={productPath(item.productId)}>{title}</Link> : title}
                    </div>
                    <p className="activity-list__description">{item.description}</p>
                  </div>
                  <time className="activity-list__time" dateTime={item.timestamp} title={formatDateTime(item.timestamp)}>
                    {formatRelativeTime(item.timestamp, now)}
                  </time>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </Card>
  );
}
