import { Button } from '@blueprintjs/core';
import { ArrowLeftIcon, TrashIcon } from '@blueprintjs/icons';
import { PAGINATION, TRASH_RETENTION_DAYS, TrashMessages } from '@stockroom/schema';
import type { TrashedProductRowFragment } from '@stockroom/schema/generated/graphql';
import { useProductPurgeMutation, useProductRestoreMutation, useProductTrashEmptyMutation, useProductTrashQuery } from '@stockroom/schema/generated/hooks';
import { useWorkspaceRole } from '../../../lib/workspace';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { LinkButton } from '../../../components/LinkButton';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageHeader } from '../../../components/PageHeader';
import { SignedInTitles } from '../../../lib/page-titles';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useScrollToTop } from '../../../lib/useScrollToTop';
import { TrashConfirmAlert, type TrashConfirmAlertProps } from '../trash/TrashConfirmAlert';
import { TrashedProductList } from '../trash/TrashedProductList';
import { loadErrorMessage, productErrorMessage } from '../shared/product-errors';
import { applyProductRestored, applyTrashChanged } from '../trash/trash-cache';
import { productListPath } from '../urls';
import '../shared/products.css';
import '../trash/trash.css';

/** `?page=N` as the list writes it; anything else is page 1. */
const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : PAGINATION.defaultPage;
};

/**
 * /products/trash: the caller's deleted products, the most recently deleted
 * first, each restorable or deletable for good, and the whole trash emptied
 * at once. Always read from the server when opened: products land here from
 * deletes made anywhere.
 */
export default function ProductTrashPage() {
  usePageTitle(SignedInTitles.trash);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams);
  useScrollToTop(page);
  const trash = useProductTrashQuery({ variables: { page, limit: PAGINATION.defaultLimit }, fetchPolicy: 'cache-and-network' });
  const { can } = useWorkspaceRole();
  const [restore] = useProductRestoreMutation();
  const [purge, purging] = useProductPurgeMutation();
  const [empty, emptying] = useProductTrashEmptyMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ product: TrashedProductRowFragment } | { all: number } | null>(null);

  const data = trash.dataState === 'complete' ? trash.data.trashedProducts : null;
  const pagination = data?.pagination;
  const goTo = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});

  // A page past the end (its last product restored or purged) shows the last page.
  useEffect(() => {
    const lastPage = Math.max(1, pagination?.totalPages ?? 1);
    if (pagination && page > lastPage) setSearchParams(lastPage > 1 ? { page: String(lastPage) } : {}, { replace: true });
  }, [pagination, page, setSearchParams]);

  const restoreProduct = async (product: TrashedProductRowFragment) => {
    setBusyId(product.id);
    try {
      await restore({ variables: { id: product.id }, update: (cache, { data: restored }) => restored && applyProductRestored(cache, restored.restoreProduct) });
      toast.success(TrashMessages.restored);
    } catch (error) {
      toast.error(productErrorMessage(error, TrashMessages.restoreFailed));
    } finally {
      setBusyId(null);
    }
  };

  const confirmPurge = async () => {
    if (!confirming) return;
    try {
      if ('product' in confirming) {
        await purge({ variables: { id: confirming.product.id }, update: (cache) => applyTrashChanged(cache, { catalogue: false }) });
        toast.success(TrashMessages.purged);
      } else {
        const { data: emptied } = await empty({ update: (cache) => applyTrashChanged(cache, { catalogue: false }) });
        toast.success(TrashMessages.emptied(emptied?.emptyTrash.affected ?? 0));
      }
    } catch (error) {
      toast.error(productErrorMessage(error, 'product' in confirming ? TrashMessages.purgeFailed : TrashMessages.emptyFailed));
    } finally {
      setConfirming(null);
    }
  };

  const alertTarget: TrashConfirmAlertProps['target'] = !confirming
    ? null
    : 'product' in confirming
      ? { kind: 'product', name: confirming.product.name }
      : { kind: 'all', count: confirming.all };

  const content = () => {
    if (!data) {
      if (trash.error) return <LoadError message={loadErrorMessage(trash.error)} onRetry={() => void trash.refetch()} />;
      return <LoadingScreen label="Loading the trash" />;
    }
    if (data.products.length === 0 && data.pagination.total > 0) return <LoadingScreen label="Loading the trash" />;
    if (data.products.length === 0) {
      return (
        <EmptyState
          headingLevel={2}
          className="product-empty"
          icon={<TrashIcon size={48} />}
          title="The trash is empty"
          description={`Deleted products wait here for ${TRASH_RETENTION_DAYS} days, when they can still be restored.`}
        />
      );
    }
    return (
      <>
        <TrashedProductList
          products={data.products}
          busyId={busyId}
          onRestore={can('editProducts') ? (product) => void restoreProduct(product) : undefined}
          onPurge={can('purgeTrash') ? (product) => setConfirming({ product }) : undefined}
        />
        <ListPagination noun="deleted products" shown={data.products.length} pagination={data.pagination} onPageChange={goTo} />
      </>
    );
  };

  return (
    <div className="page trash-page">
      <PageHeader
        title={SignedInTitles.trash}
        subtitle={`Deleted products stay here for ${TRASH_RETENTION_DAYS} days: restore one to put it back in your catalogue as it was, or delete it for good.`}
        actions={
          <>
            <LinkButton icon={<ArrowLeftIcon />} to={productListPath}>
              Back to Products
            </LinkButton>
            {can('purgeTrash') && (
              <Button intent="danger" icon={<TrashIcon />} disabled={!pagination || pagination.total === 0} onClick={() => pagination && setConfirming({ all: pagination.total })}>
                Empty trash
              </Button>
            )}
          </>
        }
      />
      <section className="trash-page__list" aria-label="Trash" aria-busy={trash.loading}>
        {content()}
      </section>
      <TrashConfirmAlert target={alertTarget} busy={purging.loading || emptying.loading} onConfirm={() => void confirmPurge()} onCancel={() => setConfirming(null)} />
    </div>
  );
}
