import { ProductMessages } from '@stockroom/schema';
import { useProductCategoriesQuery, useProductCreateMutation } from '@stockroom/schema/generated/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SignedInTitles } from '../../../lib/page-titles';
import { useScrollToTop } from '../../../lib/useScrollToTop';
import { ProductForm } from '../form/ProductForm';
import { useListNavigation } from '../shared/list-location';
import { productListPath, productNewPath } from '../urls';
import { applyProductCreated } from '../shared/product-cache';
import { formFieldErrors, productErrorMessage } from '../shared/product-errors';
import { draftFormValues, FORM_FIELDS, toProductInput, type ProductFormValues } from '../form/product-form-values';
import { PRODUCT_TOASTS } from '../shared/product-toasts';
import '../shared/products.css';

export default function ProductCreatePage() {
  usePageTitle(SignedInTitles.productNew);
  useScrollToTop(productNewPath);
  const navigate = useNavigate();
  const { listHref } = useListNavigation();
  const [initialValues] = useState(draftFormValues);
  const categories = useProductCategoriesQuery();
  const [createProduct] = useProductCreateMutation();

  const onSubmit = async (values: ProductFormValues) => {
    try {
      await createProduct({
        variables: { input: toProductInput(values) },
        update: (cache, { data }) => {
          if (data) applyProductCreated(cache, data.createProduct);
        },
      });
      toast.success(PRODUCT_TOASTS.created);
      // The newest-first list, where the new product now leads (the cache put it there, no refetch).
      navigate(productListPath);
      return undefined;
    } catch (error) {
      toast.error(productErrorMessage(error, ProductMessages.createFailed));
      return formFieldErrors(error, FORM_FIELDS);
    }
  };

  return (
    <div className="page page--narrow products-page">
      <PageHeader title="Add New Product" subtitle="Describe the product, its price and how many you have." />
      <ProductForm
        mode="create"
        initialValues={initialValues}
        categories={categories.dataState === 'complete' ? categories.data.categories : []}
        onSubmit={onSubmit}
        cancelHref={listHref}
      />
    </div>
  );
}
