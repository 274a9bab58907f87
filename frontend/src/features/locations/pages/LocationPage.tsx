import { Card, Classes, H2 } from '@blueprintjs/core';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { useLocationDetailsQuery, useLocationProductsQuery } from '@stockroom/schema/generated/hooks';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { PrintLabelsButton } from '../../../components/labels/PrintLabelsButton';
import { LinkButton } from '../../../components/LinkButton';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { PageHeader } from '../../../components/PageHeader';
import { extractErrorMessage } from '../../../lib/errors';
import { SignedInTitles } from '../../../lib/page-titles';
import { useStockHere } from '../../../lib/stock-here';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useWorkspace, useWorkspaceRole } from '../../../lib/workspace';
import { LocationProductList } from '../components/LocationProductList';
import { ScanHere } from '../components/ScanHere';
import { useScanHere } from '../useScanHere';
import { locationListPath, locationPath } from '../urls';
import '../locations.css';

const PAGE_SIZE = 25;

/** Where it sits (when inside another) and its label's code: "Back room / Shelf B3 · code B3". */
function locationSubtitle({ name, path, code }: { name: string; path: string; code?: string | null }): string | undefined {
  return [path !== name && path, code && `code ${code}`].filter(Boolean).join(' · ') || undefined;
}

/**
 * /locations/:id: what is at one location and below it, each product with its quantity there. Those
 * who may record stock movements scan or type a product's code to count it or add or remove it here.
 */
export default function LocationPage() {
  const { id = '' } = useParams();
  usePageTitle(SignedInTitles.location);
  // The page belongs to its location: another location starts at its first.
  const [paging, setPaging] = useState({ locationId: id, page: 1 });
  const page = paging.locationId === id ? paging.page : 1;
  const details = useLocationDetailsQuery({ variables: { id } });
  const products = useLocationProductsQuery({ variables: { query: { locationId: id, page, limit: PAGE_SIZE, sortBy: 'NAME', sortOrder: 'ASC' } }, skip: Boolean(details.error) });
  const location = details.data?.location;
  // The label's link names the workspace, so a teammate who scans it opens the location there.
  const { current: workspace } = useWorkspace();
  const productPage = products.data?.products;
  const { can } = useWorkspaceRole();
  const stockHere = useStockHere();
  const scan = useScanHere(id);

  return (
    <div className="page page--narrow locations-page">
      <LinkButton className="location-back" variant="minimal" icon={<ArrowLeftIcon />} to={locationListPath}>
        Back to Locations
      </LinkButton>
      {details.error ? (
        <LoadError message={extractErrorMessage(details.error)} onRetry={() => void details.refetch()} />
      ) : (
        <PageHeader
          title={location?.name ?? 'Location'}
          subtitle={location ? locationSubtitle(location) : undefined}
          actions={
            location && (
              <PrintLabelsButton
                labels={[{ kind: 'location', id: location.id, name: location.name, path: location.path, code: location.code, url: new URL(locationPath(location.id, workspace?.id), window.location.origin).href }]}
              />
            )
          }
        />
      )}
      {/* The scanning comes before the list: on a phone in the stockroom it is what the page is opened for. */}
      {location && stockHere && can('moveStock') && (
        <ScanHere
          key={location.id}
          looking={scan.looking}
          notice={scan.notice}
          onCode={(code, source) => void scan.lookUp(code, source)}
          scanButtonRef={scan.scanButtonRef}
          codeInputRef={scan.codeInputRef}
        />
      )}
      {location && stockHere && scan.found && stockHere({ product: scan.found.product, location, onClose: scan.done })}
      {/* A location that is gone has nothing to list: its error above says so once. */}
      {!details.error && (
        <Card className="locations-card">
          <H2 className="locations-card__title">What is here</H2>
          {products.error ? (
            <LoadError headingLevel={3} message={extractErrorMessage(products.error)} onRetry={() => void products.refetch()} />
          ) : !productPage ? (
            <p className={Classes.SKELETON}>Loading products</p>
          ) : productPage.products.length === 0 ? (
            <EmptyState headingLevel={3} title="Nothing here" description="No product has stock at this location or below it." />
          ) : (
            <>
              <LocationProductList products={productPage.products} />
              <ListPagination
                noun="products"
                shown={productPage.products.length}
                pagination={productPage.pagination}
                onPageChange={(next) => setPaging({ locationId: id, page: next })}
              />
            </>
          )}
        </Card>
      )}
    </div>
  );
}
