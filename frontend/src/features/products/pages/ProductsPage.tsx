import { NonIdealState } from '@blueprintjs/core';
import { BoxIcon } from '@blueprintjs/icons';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/usePageTitle';

/** Placeholder until the product catalogue issue lands. */
export default function ProductsPage() {
  usePageTitle('Product Management');
  return (
    <div className="page">
      <PageHeader title="Product Management" subtitle="Create, search and track the products in your catalogue." />
      <NonIdealState
        className="page__empty"
        icon={<BoxIcon size={48} />}
        title="Products arrive soon"
        description="Product management is being built. Soon you will add products, search and filter them, and follow your stock levels here."
      />
    </div>
  );
}
