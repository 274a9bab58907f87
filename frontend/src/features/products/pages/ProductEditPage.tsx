import { useApolloClient } from '@apollo/client/react';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { ProductMessages } from '@stockroom/schema';
import { useProductCategoriesQuery, useProductDetailsQuery, useProductUpdateMutation } from '@stockroom/schema/generated/hooks';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { PageHeader } from '../../../components/PageHeader';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SignedInTitles } from '../../../lib/page-titles';
import { useScrollToTop } from '../../../lib/useScrollToTop';
import { ProductForm } from '../form/ProductForm';
import { ProductLoadState } from '../detail/ProductLoadState';
import { useListNavigation } from '../shared/list-location';
import { productPath } from '../urls';
import { applyProductUpdated, readCachedProduct, type ProductRecord } from '../shared/product-cache';
import { formFieldErrors, isConflict, isProductMissing, loadErrorMessage, productErrorMessage } from '../shared/product-errors';
import { FORM_FIELDS, formValuesOf, toUpdateInput, type ProductFormValues } from '../form/product-form-values';
import { PRODUCT_TOASTS } from '../shared/product-toasts';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import '../shared/products.css';

export default function ProductEditPage() {
  const { id = '' } = useParams();
  useScrollToTop(id);
  const navigate = useNavigate();
  const client = useApolloClient();
  const { navState, listHref } = useListNavigation();
  const details = useProductDetailsQuery({ variables: { id } });
  const categories = useProductCategoriesQuery();
  const [updateProduct] = useProductUpdateMutation();

  // The form edits the product as it was when the page loaded it, and sends
  // that version: someone else's later change is a conflict, not overwritten.
  const [loaded, setLoaded] = useState<ProductRecord | null>(null);
  const current = details.dataState === 'complete' ? details.data.product : null;
  if (current && !loaded) setLoaded(current);
  const editing = loaded ?? current;
  const initialValues = useMemo(() => editing && formValuesOf(editing), [editing]);

  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  const missing = !editing && isProductMissing(details.error);
  usePageTitle(missing ? 'Product Not Found' : SignedInTitles.productEdit);

  useLoadErrorToast(details.error);

  const onSubmit = async (values: ProductFormValues) => {
    if (!editing) return undefined;
    const before = readCachedProduct(client.cache, id);
    try {
      await updateProduct({
        variables: { id, input: toUpdateInput(values, editing.version) },
        update: (cache, { data }) => {
          if (data) applyProductUpdated(cache, before, data.updateProduct);
        },
      });
      toast.success(PRODUCT_TOASTS.updated);
      navigate(productPath(id), { replace: true, state: navState });
      return undefined;
    } catch (error) {
      const message = productErrorMessage(error, ProductMessages.updateFailed);
      if (isConflict(error)) setConflict(message);
      toast.error(message);
      return formFieldErrors(error, FORM_FIELDS);
    }
  };

  /** After a conflict: read the product again, bring the cache up to date, and edit the new version. */
  const reload = async () => {
    setReloading(true);
    const before = readCachedProduct(client.cache, id);
    try {
      const { data } = await details.refetch();
      if (data?.product) {
        applyProductUpdated(client.cache, before, data.product);
        setLoaded(data.product);
        setConflict(null);
      }
    } catch (error) {
      toast.error(loadErrorMessage(error));
    } finally {
      setReloading(false);
    }
  };

  if (!editing || !initialValues) {
    return (
      <div className="page page--narrow products-page">
        <ProductLoadState id={id} error={details.error} listHref={listHref} onRetry={() => void details.refetch()} />
      </div>
    );
  }

  return (
    <div className="page page--narrow products-page">
      <LinkButton className="product-back" variant="minimal" icon={<ArrowLeftIcon />} to={productPath(id)} state={navState}>
        Back to {editing.name}
      </LinkButton>
      <PageHeader title="Edit Product" subtitle={`Changes to ${editing.name} are saved when you select Update Product.`} />
      <ProductForm
        key={editing.version}
        mode="edit"
        initialValues={initialValues}
        categories={categories.dataState === 'complete' ? categories.data.categories : []}
        onSubmit={onSubmit}
        cancelHref={productPath(id)}
        cancelState={navState}
        conflict={conflict ? { message: conflict, reloading, onReload: () => void reload() } : null}
      />
    </div>
  );
}
