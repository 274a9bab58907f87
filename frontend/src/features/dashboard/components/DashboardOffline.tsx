import { Callout, H2 } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { productListPath, stockCountListPath } from '../../../lib/urls';

/**
 * The dashboard with no network: its figures are the server's, so it says it needs the network and
 * points to what works from the device's copy. Only ever loaded then.
 */
export default function DashboardOffline() {
  return (
    <Callout intent="warning" className="dashboard__error" data-testid="dashboard-offline">
      <H2 className="dashboard__callout-title">Offline: the dashboard needs the network</H2>
      <p>Its figures and activity come from the server, and show again when the network is back.</p>
      <p>
        Meanwhile, from this device&apos;s copy: <Link to={productListPath}>Products</Link> (find a product, record its stock) and{' '}
        <Link to={stockCountListPath}>Stock counts</Link> (count the shelves).
      </p>
    </Callout>
  );
}
