import { useApolloClient } from '@apollo/client/react';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { ProductMessages } from '@stockroom/schema';
import { useProductCategoriesQuery, useProductDetailsQuery, useProductUpdateMutation } from '@stockroom/schema/generated/hooks';
import type { FormApi } from 'final-form';
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
import { formFieldErrors, isProductMissing, isStaleProduct, loadErrorMessage, productErrorMessage } from '../shared/product-errors';
import { FORM_FIELDS, formValuesOf, toUpdateInput, type ProductFormValues } from '../form/product-form-values';
import { serverChanges } from '../form/product-conflict';
import type { ProductConflict } from '../form/ProductConflictPanel';
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

  // The form starts from the product as the page loaded it and sends the fields
  // the user changed with the version they were read at (`base`): a sale or
  // another field's change meanwhile is kept, a change of the same field is a
  // conflict. After one, `base` is the product as the server has it now and
  // the form keeps what was typed.
  const [loaded, setLoaded] = useState<ProductRecord | null>(null);
  const current = details.dataState === 'complete' ? details.data.product : null;
  if (current && !loaded) setLoaded(current);
  const editing = loaded ?? current;
  const initialValues = useMemo(() => editing && formValuesOf(editing), [editing]);
  const [base, setBase] = useState<ProductRecord | null>(null);
  const edited = base ?? editing;

  const [conflict, setConflict] = useState<(ProductConflict & { id: number }) | null>(null);

  const missing = !editing && isProductMissing(details.error);
  usePageTitle(missing ? 'Product Not Found' : SignedInTitles.productEdit);

  useLoadErrorToast(details.error);

  /** After a stale update: read the product again, bring the cache up to date, take in what only the server changed, and show the rest. */
  const meetServerVersion = async (message: string, from: ProductRecord, mine: ProductFormValues, form: FormApi<ProductFormValues>) => {
    const before = readCachedProduct(client.cache, id);
    try {
      const { data } = await details.refetch();
      if (!data?.product) return;
      const theirs = data.product;
      applyProductUpdated(client.cache, before, theirs);
      const changes = serverChanges(formValuesOf(from), formValuesOf(theirs), mine);
      form.batch(() => changes.taken.forEach((change) => form.change(change.name, change.theirs)));
      setBase(theirs);
      setConflict({ message, changes, id: theirs.version });
    } catch (error) {
      toast.error(loadErrorMessage(error));
      setConflict({ message, changes: null, id: from.version });
    }
  };

  const onSubmit = async (values: ProductFormValues, form: FormApi<ProductFormValues>) => {
    if (!edited) return undefined;
    const before = readCachedProduct(client.cache, id);
    try {
      await updateProduct({
        variables: { id, input: toUpdateInput(values, formValuesOf(edited), edited.version) },
        update: (cache, { data }) => {
          if (data) applyProductUpdated(cache, before, data.updateProduct);
        },
      });
      toast.success(PRODUCT_TOASTS.updated);
      navigate(productPath(id), { replace: true, state: navState });
      return undefined;
    } catch (error) {
      const message = productErrorMessage(error, ProductMessages.updateFailed);
      toast.error(message);
      if (isStaleProduct(error)) await meetServerVersion(message, edited, values, form);
      return formFieldErrors(error, FORM_FIELDS);
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
        conflict={conflict}
      />
    </div>
  );
}
