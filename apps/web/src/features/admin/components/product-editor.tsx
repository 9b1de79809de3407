import {
  type AdminCatalogOptions,
  type AdminProduct,
  DIET_LIMITS,
  formatUsd,
  memberTubPriceCents,
  PRODUCT_ALLERGENS,
  PRODUCT_DIETS,
  PRODUCT_PROTEIN_TYPES,
} from '@store/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { useCatalogOptions } from '../api/get-brands.ts';
import { useProduct } from '../api/get-products.ts';
import { saveProduct } from '../api/save-product.ts';
import {
  checkProductForm,
  dollarsToCents,
  emptyProductForm,
  errorsByField,
  type ProductFormField,
  type ProductFormValues,
  productFormFrom,
} from '../utils/product-form.ts';
import { CheckboxGroup, InputField, SelectField, TextAreaField } from './form-fields.tsx';
import { ImageUpload } from './image-upload.tsx';
import { errorText } from './list-parts.tsx';

const PROTEIN_TYPE_LABELS: Record<string, string> = {
  whey: 'Whey',
  isolate: 'Whey isolate',
  plant: 'Plant',
  casein: 'Casein',
  blend: 'Blend',
};

/** /admin/catalog/new and /admin/catalog/{id}: loads what the form needs, then shows it. */
export function ProductEditor() {
  const { productId } = useParams();
  const id = productId === undefined ? undefined : Number(productId);
  const isValidId = id === undefined || (Number.isInteger(id) && id > 0);
  const options = useCatalogOptions();
  const product = useProduct(isValidId ? id : undefined);
  const title = id === undefined ? 'New product' : 'Edit product';

  let body: React.ReactNode;
  if (!isValidId || (product.error instanceof ApiError && product.error.status === 404)) {
    body = (
      <p className="admin-state" role="alert">
        There is no product with this number. <Link to="/admin/catalog">Back to products</Link>
      </p>
    );
  } else if (options.error || product.error) {
    body = (
      <div className="admin-state admin-state--error" role="alert">
        <p>{errorText(options.error ?? product.error)}</p>
        <Button
          variant="secondary"
          className="btn--small"
          onClick={() => (options.error ? options.reload() : product.reload())}
        >
          Try again
        </Button>
      </div>
    );
  } else if (!options.data || (id !== undefined && !product.data)) {
    body = (
      <p className="admin-state">
        <Spinner label="Loading" /> Loading…
      </p>
    );
  } else {
    body = (
      <ProductForm key={product.data?.updatedAt ?? 'new'} options={options.data} product={product.data} />
    );
  }

  return (
    <>
      <PageTitle title={title} />
      <header className="admin-page__header">
        <div>
          <p className="admin-breadcrumb">
            <Link to="/admin/catalog">Products</Link>
          </p>
          <h1>{product.data ? product.data.title : title}</h1>
        </div>
        {product.data && !product.data.isActive ? <span className="admin-badge">Archived</span> : null}
      </header>
      {body}
    </>
  );
}

function ProductForm({
  options,
  product,
}: {
  options: AdminCatalogOptions;
  product: AdminProduct | undefined;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productFormFrom(product) : emptyProductForm(),
  );
  const [isSubmitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProductFormField, string>>>({});
  const [isSaving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();

  const checked = checkProductForm(values);
  const clientErrors = isSubmitted ? (checked.errors ?? {}) : {};
  const errorOf = (field: ProductFormField) => clientErrors[field] ?? serverErrors[field];

  function set<K extends ProductFormField>(field: K, value: ProductFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
  }
  const text = (field: ProductFormField) => ({
    name: field,
    value: values[field] as string,
    onChange: (value: string) => set(field, value as never),
    error: errorOf(field),
  });

  function focusFirstError(fields: ProductFormField[]) {
    const form = formRef.current;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      const name = (element as HTMLInputElement).name?.replace(/Image$/, 'ImagePath');
      if (name && fields.includes(name as ProductFormField) && element instanceof HTMLElement) {
        element.focus();
        return;
      }
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(undefined);
    if (checked.errors) {
      setFormError('Some fields need attention. Each one says what to change.');
      focusFirstError(Object.keys(checked.errors) as ProductFormField[]);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveProduct(checked.input, product?.id);
      notify(product ? `“${saved.title}” is saved.` : `“${saved.title}” is in the catalog.`, 'success');
      navigate('/admin/catalog');
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const byField = errorsByField(
          Object.entries(error.fieldErrors).map(([path, message]) => ({ path, message })),
        );
        setServerErrors(byField);
        setFormError(error.message);
        focusFirstError(Object.keys(byField) as ProductFormField[]);
      } else {
        setFormError(errorText(error));
      }
    } finally {
      setSaving(false);
    }
  }

  const flavorOptions = options.flavors.map((f) => ({ value: String(f.id), label: f.displayName }));
  const otherFlavorOptions = options.flavors
    .filter((f) => String(f.id) !== values.mainFlavorId)
    .map((f) => ({
      value: f.id,
      label: f.displayName,
      disabled: values.otherFlavorIds.length >= 2,
    }));
  const brandOptions = options.brands.map((b) => ({
    value: String(b.id),
    label: b.isActive ? b.name : `${b.name} (archived)`,
    disabled: !b.isActive && String(b.id) !== values.brandId,
  }));
  const priceCents = dollarsToCents(values.listPrice);
  const discount = Number(values.discountPercent);
  const memberPrice =
    Number.isFinite(priceCents) &&
    priceCents > 0 &&
    Number.isInteger(discount) &&
    discount >= 25 &&
    discount <= 50
      ? `Members pay ${formatUsd(memberTubPriceCents(priceCents, discount))}.`
      : 'Members pay the list price less this discount (25% to 50%).';

  return (
    <form ref={formRef} className="admin-form" onSubmit={submit} noValidate aria-label="Product">
      {formError ? (
        <p className="admin-alert" role="alert">
          {formError}
        </p>
      ) : null}

      <section className="admin-form__section" aria-labelledby="product-basics">
        <h2 id="product-basics">Product</h2>
        <div className="admin-form__grid">
          <SelectField
            label="Brand"
            {...text('brandId')}
            options={brandOptions}
            hint={<Link to="/admin/brands">Manage brands</Link>}
          />
          <InputField
            label="Title"
            {...text('title')}
            maxLength={120}
            hint="The product line, e.g. Gold Standard Whey."
          />
          <InputField
            label="Flavor name"
            {...text('flavor')}
            maxLength={80}
            hint="As printed, e.g. Double Rich Chocolate."
          />
          <SelectField
            label="Main flavor family"
            {...text('mainFlavorId')}
            options={flavorOptions}
            hint="Matching scores the main family highest."
          />
          <SelectField
            label="Protein type"
            {...text('proteinType')}
            options={PRODUCT_PROTEIN_TYPES.map((t) => ({ value: t, label: PROTEIN_TYPE_LABELS[t] ?? t }))}
          />
          <SelectField
            label="Texture"
            {...text('textureId')}
            options={options.textures.map((t) => ({ value: String(t.id), label: t.displayName }))}
          />
          <InputField label="Protein per serving" {...text('gramsProtein')} inputMode="numeric" suffix="g" />
          <InputField label="Tub size" {...text('sizeLbs')} inputMode="decimal" suffix="lbs" />
        </div>
        <CheckboxGroup
          legend="Other flavor families (up to 2)"
          name="otherFlavorIds"
          options={otherFlavorOptions}
          selected={values.otherFlavorIds}
          onChange={(ids) => set('otherFlavorIds', ids)}
        />
        <TextAreaField label="Description" {...text('description')} rows={4} maxLength={2000} />
        <TextAreaField label="Suggested use" {...text('suggestedUse')} rows={3} maxLength={1000} />
      </section>

      <section className="admin-form__section" aria-labelledby="product-safety">
        <h2 id="product-safety">Allergens and diets</h2>
        <p className="admin-form__note">
          Matching keeps a product away from anyone whose restrictions exclude an allergen it contains, so
          list every one.
        </p>
        <CheckboxGroup
          legend="Allergens it contains"
          name="allergens"
          options={PRODUCT_ALLERGENS.map((a) => ({ value: a, label: a }))}
          selected={values.allergens}
          onChange={(list) => set('allergens', list)}
          error={errorOf('allergens')}
        />
        <CheckboxGroup
          legend="Diets it suits"
          name="diets"
          options={PRODUCT_DIETS.map((d) => ({ value: d, label: d }))}
          selected={values.diets}
          onChange={(list) => set('diets', list)}
          error={errorOf('diets')}
          hint={`Keto: at most ${DIET_LIMITS.ketoNetCarbsG} g net carbs and ${DIET_LIMITS.ketoSugarsG} g sugars; low carb: at most ${DIET_LIMITS.lowCarbNetCarbsG} g net carbs; vegan: plant protein without milk or egg.`}
        />
      </section>

      <section className="admin-form__section" aria-labelledby="product-nutrition">
        <h2 id="product-nutrition">Nutrition per serving</h2>
        <div className="admin-form__grid admin-form__grid--narrow">
          <InputField label="Serving size" {...text('servingSizeG')} inputMode="decimal" suffix="g" />
          <InputField label="Calories" {...text('calories')} inputMode="numeric" />
          <InputField label="Fat" {...text('totalFatG')} inputMode="decimal" suffix="g" />
          <InputField label="Carbohydrates" {...text('totalCarbsG')} inputMode="decimal" suffix="g" />
          <InputField label="Fiber" {...text('fiberG')} inputMode="decimal" suffix="g" />
          <InputField label="Sugars" {...text('totalSugarsG')} inputMode="decimal" suffix="g" />
        </div>
        <TextAreaField
          label="Ingredients"
          {...text('ingredients')}
          rows={2}
          maxLength={2000}
          hint="Optional."
        />
      </section>

      <section className="admin-form__section" aria-labelledby="product-price">
        <h2 id="product-price">Price and stock</h2>
        <div className="admin-form__grid admin-form__grid--narrow">
          <InputField
            label="List price"
            {...text('listPrice')}
            inputMode="decimal"
            prefix="$"
            hint="A full-size tub."
          />
          <InputField
            label="Member discount"
            {...text('discountPercent')}
            inputMode="numeric"
            suffix="%"
            hint={memberPrice}
          />
          <InputField
            label="Samples in stock"
            {...text('sampleStock')}
            inputMode="numeric"
            hint="0 keeps it out of new boxes."
          />
          <InputField label="Tubs in stock" {...text('tubStock')} inputMode="numeric" />
        </div>
      </section>

      <section className="admin-form__section" aria-labelledby="product-images">
        <h2 id="product-images">Images</h2>
        <div className="admin-form__images">
          <ImageUpload
            kind="tub"
            label="Tub image"
            value={values.tubImagePath}
            error={errorOf('tubImagePath')}
            onChange={(path) => set('tubImagePath', path)}
          />
          <ImageUpload
            kind="sample"
            label="Sample image"
            value={values.sampleImagePath}
            error={errorOf('sampleImagePath')}
            onChange={(path) => set('sampleImagePath', path)}
          />
          <ImageUpload
            kind="nutrition"
            label="Nutrition label image"
            value={values.nutritionImagePath}
            error={errorOf('nutritionImagePath')}
            onChange={(path) => set('nutritionImagePath', path)}
          />
        </div>
      </section>

      <div className="admin-form__actions">
        <Button type="submit" isLoading={isSaving} loadingLabel="Saving the product">
          {product ? 'Save changes' : 'Create product'}
        </Button>
        <Link to="/admin/catalog" className="admin-link-button">
          Cancel
        </Link>
      </div>
    </form>
  );
}
