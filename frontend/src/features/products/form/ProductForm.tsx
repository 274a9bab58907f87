import { Button, Card } from '@blueprintjs/core';
import type { FormApi } from 'final-form';
import { isImageUrl, ProductFields, UPLOAD_PATH_PATTERN, validateField } from '@stockroom/schema';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { ImageUpload } from '../../../components/ImageUpload';
import { LinkButton } from '../../../components/LinkButton';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { InputField } from '../../../components/form/InputField';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { TextField } from '../../../components/form/TextField';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';
import { ProductConflictPanel, type ProductConflict } from './ProductConflictPanel';
import { DRAFT_PLACEHOLDERS, productFieldValidators, type ProductFormMode, type ProductFormValues } from './product-form-values';
import './product-form.css';

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>> | undefined;

export interface ProductFormProps {
  mode: ProductFormMode;
  initialValues: ProductFormValues;
  /** The user's existing categories, offered as suggestions. */
  categories: readonly string[];
  /** Resolves to the server's per-field messages, or undefined on success; `form` lets a refused edit take in the server's values. */
  onSubmit(values: ProductFormValues, form: FormApi<ProductFormValues>): Promise<ProductFormErrors>;
  cancelHref: string;
  cancelState?: unknown;
  /** The server refused the update because the product changed since it was loaded; `id` tells one refusal from the next. */
  conflict?: (ProductConflict & { id: number }) | null;
}

const CATEGORY_LIST_ID = 'product-category-options';
/** The barcode field is an InputField for its numeric keypad on phones; the shared rule checks it as TextField would. */
const validateBarcode = (value: unknown) => validateField(ProductFields.barcode, value ?? '');
const validateReorderLevel = (value: unknown) => validateField(ProductFields.reorderLevel, value ?? '');
/** Stores an image and answers 201 { url }, a path the Image URL field accepts. */
const PRODUCT_IMAGE_ENDPOINT = '/api/products/images';

/** A chosen file shown from memory while it uploads, and after, for as long as the Image URL is still its upload's. */
interface ChosenImage {
  /** The file as a data: URL: the content security policy lets images come from data:, not blob:. */
  dataUrl?: string;
  /** The upload's path once the server stored it. */
  uploadedUrl?: string;
}

/** The file last chosen, read into memory so it shows before (and whether or not) its upload finishes. */
function useChosenImage() {
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const reading = useRef<FileReader | null>(null);
  useEffect(() => () => reading.current?.abort(), []);
  const choose = (file: File | null) => {
    reading.current?.abort();
    // The upload may finish before the reading does: each fills in its own part.
    setChosen(file ? {} : null);
    if (!file) return;
    const reader = new FileReader();
    reading.current = reader;
    reader.onload = () => {
      if (typeof reader.result === 'string') setChosen((now) => now && { ...now, dataUrl: reader.result as string });
    };
    reader.readAsDataURL(file);
  };
  const uploaded = (url: string) => setChosen((now) => (now ? { ...now, uploadedUrl: url } : now));
  return { chosen, choose, uploaded };
}

/**
 * The picture the product will have: the file just chosen, at once; else the
 * Image URL when it is one of the app's uploads or the product's saved picture.
 * A URL being typed is not fetched at every keystroke.
 */
function ImagePreview({ imageUrl, savedUrl, chosen }: { imageUrl: string | undefined; savedUrl: string; chosen: ChosenImage | null }) {
  const url = (imageUrl ?? '').trim();
  const shown = UPLOAD_PATH_PATTERN.test(url) || (url !== '' && url === savedUrl && isImageUrl(url));
  const src = chosen?.dataUrl && (chosen.uploadedUrl === undefined || chosen.uploadedUrl === url) ? chosen.dataUrl : shown ? url : null;
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return null;
  return (
    <figure className="product-form__preview">
      <img src={src} alt="Product preview" referrerPolicy="no-referrer" onError={() => setFailed(src)} />
    </figure>
  );
}

/**
 * Create and edit share one form: the same fields, checked by the same shared
 * rules (ProductFields). On a create, description, category and quantity may
 * stay empty: their placeholders say the draft value they then take.
 */
export function ProductForm({ mode, initialValues, categories, onSubmit, cancelHref, cancelState, conflict }: ProductFormProps) {
  const validators = useMemo(() => productFieldValidators(mode), [mode]);
  const placeholders = mode === 'create' ? DRAFT_PLACEHOLDERS : undefined;
  const image = useChosenImage();
  return (
    <Form<ProductFormValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting, form, values }) => (
        <form onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)} noValidate className="product-form" aria-label={mode === 'create' ? 'New product' : 'Edit product'}>
          {conflict && <ProductConflictPanel key={conflict.id} conflict={conflict} />}
          <Card className="product-form__card">
            <TextField name="name" label="Product Name" autoFocus={mode === 'create'} rule={ProductFields.name} />
            <TextAreaField name="description" label="Description" validate={validators.description} placeholder={placeholders?.description} />
            <div className="product-form__row">
              <InputField
                name="price"
                label="Price"
                inputMode="decimal"
                validate={validators.price}
                placeholder={placeholders?.price}
                leftElement={<span className="product-form__currency">$</span>}
              />
              <InputField
                name="costPrice"
                label="Cost price"
                inputMode="decimal"
                validate={validators.costPrice}
                leftElement={<span className="product-form__currency">$</span>}
                helperText="Optional: what you pay for it."
              />
            </div>
            <div className="product-form__row">
              <InputField name="quantity" label="Quantity" inputMode="numeric" validate={validators.quantity} placeholder={placeholders?.quantity} />
              <InputField
                name="reorderLevel"
                label="Reorder level"
                inputMode="numeric"
                validate={validateReorderLevel}
                helperText="Optional: the product shows as Low Stock at or under this quantity."
              />
            </div>
            <div className="product-form__row">
              <TextField name="sku" label="SKU" rule={ProductFields.sku} helperText="Optional: your own code, e.g. LMP-100." />
              <InputField name="barcode" label="Barcode" inputMode="numeric" validate={validateBarcode} helperText="Optional: EAN-8, UPC-A, EAN-13 or GTIN-14." />
            </div>
            <InputField
              name="category"
              label="Category"
              list={CATEGORY_LIST_ID}
              validate={validators.category}
              placeholder={placeholders?.category}
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
                onFileChosen={image.choose}
                onUploaded={({ url }) => {
                  image.uploaded(url);
                  form.change('imageUrl', url);
                }}
              />
            </div>
            <ImagePreview imageUrl={values.imageUrl} savedUrl={initialValues.imageUrl} chosen={image.chosen} />
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
