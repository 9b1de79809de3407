import {
  ADMIN_BRAND_SORTS,
  type AdminBrand,
  AdminBrandInputSchema,
  type AdminBrandSort,
} from '@store/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { useBrands } from '../api/get-brands.ts';
import { saveBrand, setBrandArchived } from '../api/save-brand.ts';
import type { ListDefaults } from '../utils/list-params.ts';
import { InputField } from './form-fields.tsx';
import { ImageUpload } from './image-upload.tsx';
import {
  AdminList,
  AdminTable,
  errorText,
  FilterSelect,
  SearchBox,
  SortHeader,
  When,
} from './list-parts.tsx';
import { useListState } from './use-list-state.ts';

type Status = 'active' | 'archived' | 'all';

const DEFAULTS: ListDefaults<AdminBrandSort, Status> = {
  sorts: ADMIN_BRAND_SORTS,
  sort: 'name',
  filters: ['all', 'active', 'archived'],
  filter: 'all',
};
const PAGE_SIZE = 20;

/** What the brand form is doing: nothing, adding one, or editing one. */
type Editing = { brand?: AdminBrand } | undefined;

/** Brands: the quiz's brand step lists the active ones. */
export function BrandsPage() {
  const [list, update] = useListState(DEFAULTS);
  const [editing, setEditing] = useState<Editing>();
  const query = useBrands({
    q: list.q || undefined,
    status: list.filter,
    sort: list.sort,
    order: list.order,
    page: list.page,
    pageSize: PAGE_SIZE,
  });
  const sortProps = { sort: list.sort, order: list.order, onSort: update };

  return (
    <>
      <PageTitle title="Brands" />
      <header className="admin-page__header">
        <h1>Brands</h1>
        {editing ? null : <Button onClick={() => setEditing({})}>New brand</Button>}
      </header>
      {editing ? (
        <BrandForm
          key={editing.brand?.id ?? 'new'}
          brand={editing.brand}
          onDone={() => setEditing(undefined)}
        />
      ) : null}
      <AdminList
        label="Brands"
        query={query}
        onPage={(page) => update({ page })}
        toolbar={
          <>
            <SearchBox label="Search brands" value={list.q} onSearch={(q) => update({ q })} />
            <FilterSelect
              label="Show"
              value={list.filter}
              options={[
                { value: 'all', label: 'All brands' },
                { value: 'active', label: 'In the quiz' },
                { value: 'archived', label: 'Archived' },
              ]}
              onChange={(filter) => update({ filter })}
            />
          </>
        }
        emptyText={list.q ? `No brands match “${list.q}”.` : 'No brands yet.'}
      >
        {(items) => (
          <AdminTable
            caption="Brands"
            items={items}
            columns={
              <>
                <th scope="col" className="admin-table__image">
                  <span className="visually-hidden">Logo</span>
                </th>
                <SortHeader column="name" label="Brand" {...sortProps} />
                <SortHeader
                  column="products"
                  label="Active products"
                  className="admin-table__number"
                  {...sortProps}
                />
                <SortHeader column="updated" label="Updated" {...sortProps} />
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </>
            }
            row={(b) => <BrandRow key={b.id} brand={b} onEdit={() => setEditing({ brand: b })} />}
          />
        )}
      </AdminList>
    </>
  );
}

function BrandRow({ brand: b, onEdit }: { brand: AdminBrand; onEdit: () => void }) {
  const [isBusy, setBusy] = useState(false);
  async function toggleArchived() {
    setBusy(true);
    try {
      await setBrandArchived(b.id, b.isActive);
      notify(b.isActive ? `${b.name} is archived.` : `${b.name} is back in the quiz.`, 'success');
    } catch (error) {
      notify(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <tr className={b.isActive ? undefined : 'admin-table__row--archived'}>
      <td className="admin-table__image">
        <img src={b.logoPath} alt="" width={40} height={40} loading="lazy" />
      </td>
      <th scope="row" className="admin-table__title">
        {b.name}
        <span className="admin-table__sub">
          #{b.id}
          {b.isActive ? null : <span className="admin-badge">Archived</span>}
        </span>
      </th>
      <td className="admin-table__number">{b.activeProducts}</td>
      <td>
        <When iso={b.updatedAt} />
      </td>
      <td className="admin-table__actions">
        <button type="button" className="admin-link-button" onClick={onEdit} aria-label={`Edit ${b.name}`}>
          Edit
        </button>
        <button
          type="button"
          className="admin-link-button"
          onClick={toggleArchived}
          disabled={isBusy}
          aria-label={`${b.isActive ? 'Archive' : 'Unarchive'} ${b.name}`}
        >
          {b.isActive ? 'Archive' : 'Unarchive'}
        </button>
      </td>
    </tr>
  );
}

function BrandForm({ brand, onDone }: { brand: AdminBrand | undefined; onDone: () => void }) {
  const [name, setName] = useState(brand?.name ?? '');
  const [logoPath, setLogoPath] = useState(brand?.logoPath ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = AdminBrandInputSchema.safeParse({ name, logoPath });
    if (!result.success) {
      const next: Record<string, string> = {};
      for (const issue of result.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveBrand(result.data, brand?.id);
      notify(brand ? `${saved.name} is saved.` : `${saved.name} is added.`, 'success');
      onDone();
    } catch (error) {
      setErrors(error instanceof ApiError && error.fieldErrors ? error.fieldErrors : { _: errorText(error) });
    } finally {
      setSaving(false);
    }
  }

  const title = brand ? `Edit ${brand.name}` : 'New brand';
  return (
    <form
      className="admin-form admin-form--inline"
      onSubmit={submit}
      noValidate
      aria-labelledby="brand-form-title"
    >
      <h2 id="brand-form-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {errors._ ? (
        <p className="admin-alert" role="alert">
          {errors._}
        </p>
      ) : null}
      <div className="admin-form__grid">
        <InputField
          label="Brand name"
          name="name"
          value={name}
          maxLength={60}
          onChange={(v) => {
            setName(v);
            setErrors(({ name: _, ...rest }) => rest);
          }}
          error={errors.name}
          hint="Shown in the quiz and on every product of the brand."
        />
        <ImageUpload
          kind="logo"
          label="Logo"
          value={logoPath}
          error={errors.logoPath}
          onChange={(path) => {
            setLogoPath(path);
            setErrors(({ logoPath: _, ...rest }) => rest);
          }}
        />
      </div>
      <div className="admin-form__actions">
        <Button type="submit" isLoading={isSaving} loadingLabel="Saving the brand">
          {brand ? 'Save brand' : 'Add brand'}
        </Button>
        <button type="button" className="admin-link-button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
