import { Card, H1, H2 } from '@blueprintjs/core';
import { BoxIcon, DashboardIcon, FilterIcon, LockIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { LinkButton } from '../../../components/LinkButton';
import { usePageTitle } from '../../../lib/usePageTitle';
import { signInPath, signUpPath } from '../../../lib/urls';

const FEATURES: ReadonlyArray<{ icon: ReactElement; title: string; text: string }> = [
  {
    icon: <BoxIcon size={20} />,
    title: 'Your catalogue, in one place',
    text: 'Record every product with its price, category, quantity and picture, and keep it up to date as stock moves.',
  },
  {
    icon: <FilterIcon size={20} />,
    title: 'Find anything fast',
    text: 'Search by name, description, category or SKU, or scan a barcode; filter by category and stock, low stock included; sort by name, price or date.',
  },
  {
    icon: <DashboardIcon size={20} />,
    title: 'Know where you stand',
    text: 'See totals, what is in and out of stock and the value of your inventory at a glance.',
  },
  {
    icon: <LockIcon size={20} />,
    title: 'Private by default',
    text: 'Each account sees and edits only its own products. Sessions expire after eight hours.',
  },
];

export default function HomePage() {
  usePageTitle('Home');

  return (
    <div className="home">
      <section className="home__hero">
        <H1 className="home__title">Inventory management without the spreadsheet.</H1>
        <p className="home__lead">
          Stockroom keeps track of the products you sell or store: what you have, what it is worth and what needs
          restocking.
        </p>
        <div className="home__actions">
          <LinkButton intent="primary" size="large" to={signUpPath}>
            Create a free account
          </LinkButton>
          <LinkButton size="large" variant="outlined" to={signInPath}>
            Sign in
          </LinkButton>
        </div>
      </section>
      <section className="home__features" aria-label="Features">
        {FEATURES.map((feature) => (
          <Card key={feature.title} className="home__feature">
            <span className="home__feature-icon" aria-hidden="true">
              {feature.icon}
            </span>
            <H2 className="home__feature-title">{feature.title}</H2>
            <p>{feature.text}</p>
          </Card>
        ))}
      </section>
    </div>
  );
}
