import { Button, Callout, Card } from '@blueprintjs/core';
import { RefreshIcon } from '@blueprintjs/icons';
import { ProductFields } from '@stockroom/schema';
import { Form } from 'react-final-form';
import { ImageUpload } from '../../../components/ImageUpload';
import { LinkButton } from '../../../components/LinkButton';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { InputField } from '../../../components/form/InputField';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { TextField } from '../../../components/form/TextField';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';
import type { ProductFormValues } from '../product-form-values';

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>> | undefined;

export interface ProductFormProps {
  mode: 'create' | 'edit';
  initialValues: ProductFormValues;
  /** The user's existing categories, offered as suggestions. */
  categories: readonly string[];
  /** Resolves to the server's per-field messages, or undefined on success. */
  onSubmit(values: ProductFormValues): Promise<ProductFormErrors>;
  cancelHref: string;
  cancelState?: unknown;
  /** The server refused the update because the product changed since it was loaded. */
  conflict?: { message: string; reloading: boolean; onReload(): void } | null;
}

const CATEGORY_LIST_ID = 'product-category-options';
/** Stores an image and answers 201 { url }, a path the Image URL field accepts. */
const PRODUCT_IMAGE_ENDPOINT = '/api/products/images';

/** Create and edit share one form: the same fields, checked by the same shared rules (ProductFields). */
export function ProductForm({ mode, initialValues, categories, onSubmit, cancelHref, cancelState, conflict }: ProductFormProps) {
  return (
    <Form<ProductFormValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)} noValidate className="product-form" aria-label={mode === 'create' ? 'New product' : 'Edit product'}>
          {conflict && (
            <Callout intent="warning" className="product-form__conflict" role="alert" title="This product has changed">
              <p>{conflict.message}</p>
              <Button icon={<RefreshIcon />} loading={conflict.reloading} onClick={conflict.onReload}>
                Reload product
              </Button>
            </Callout>
          )}
          <Card className="product-form__card">
            <TextField name="name" label="Product Name" autoFocus={mode === 'create'} rule={ProductFields.name} />
            <TextAreaField name="description" label="Description" rule={ProductFields.description} />
            <div className="product-form__row">
              <InputField
                name="price"
                label="Price"
                inputMode="decimal"
                rule={ProductFields.price}
                leftElement={<span className="product-form__currency">$</span>}
              />
              <InputField name="quantity" label="Quantity" inputMode="numeric" rule={ProductFields.quantity} />
            </div>
            <InputField
              name="category"
              label="Category"
              list={CATEGORY_LIST_ID}
              rule={ProductFields.category}
              helperText="Pick one of your categories or type a new one."
            />
            <datalist id={CATEGORY_LIST_ID}>
              {categories.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
            <div className="product-form__row">
              <TextField
                name="imageUrl"
                label="Image URL"
                rule={ProductFields.imageUrl}
                helperText="Optional: an http:// or https:// link to a picture of the product, or upload one."
              />
              <ImageUpload<{ url: string }>
                endpoint={PRODUCT_IMAGE_ENDPOINT}
                fieldName="image"
                label="Upload image"
                disabled={submitting}
                onUploaded={({ url }) => form.change('imageUrl', url)}
              />
            </div>
            <CheckboxField name="featured" label="Featured product" />
          </Card>
          <div className="product-form__actions">
            <Button type="submit" intent="primary" size="large" loading={submitting}>
              {mode === 'create' ? 'Create Product' : 'Update Product'}
            </Button>
            <LinkButton size="large" variant="outlined" to={cancelHref} state={cancelState}>
              Cancel
            </LinkButton>
          </div>
        </form>
      )}
    </Form>
  );
}
