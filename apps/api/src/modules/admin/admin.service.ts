import type {
  AdminAuditEntry,
  AdminAuditQuery,
  AdminBrand,
  AdminBrandInput,
  AdminContactMessage,
  AdminInboxQuery,
  AdminPartnerRequest,
  AdminProduct,
  AdminProductInput,
  AuditEntityType,
  Page,
  UploadKind,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import type { CatalogService, Change } from '../catalog/index.ts';
import type { ContactService } from '../contact/index.ts';
import type { PartnersService } from '../partners/index.ts';
import { insertAuditRow, listAuditPage } from './admin.repository.ts';
import { toAdminContactMessage, toAdminPartnerRequest, toAuditEntry } from './admin-views.ts';
import type { Uploads } from './uploads.ts';

/** Who makes a change: the signed-in operator. */
export interface Actor {
  id: string;
  email: string;
}

export interface AdminServiceDeps {
  db: Db;
  clock: () => Date;
  catalog: Pick<CatalogService, 'editor' | 'invalidate'>;
  contact: Pick<ContactService, 'listPage' | 'setHandled'>;
  partners: Pick<PartnersService, 'listPage' | 'setHandled'>;
  uploads: Uploads;
}

/** What a toggle (archive, handled) changed; a toggle already in that state records nothing. */
function isSame(before: unknown, after: unknown): boolean {
  return JSON.stringify(before) === JSON.stringify(after);
}

function pageWindow(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export type AdminService = ReturnType<typeof createAdminService>;

/**
 * The back office's use cases. Every change runs in one transaction with its audit row, so a
 * change is never kept without its record, nor a record without its change.
 */
export function createAdminService({ db, clock, catalog, contact, partners, uploads }: AdminServiceDeps) {
  const editor = catalog.editor;

  interface Recorded<T> {
    action: string;
    entityType: AuditEntityType;
    entityId: (after: T) => string;
    /** Toggles skip the audit row when nothing changed; saves always record. */
    isToggle?: boolean;
  }

  async function record<T>(
    actor: Actor,
    how: Recorded<T>,
    work: (tx: Db, at: Date) => Promise<Change<T>>,
  ): Promise<T> {
    const at = clock();
    const change = await db.transaction(async (tx) => {
      const result = await work(tx, at);
      if (!(how.isToggle && isSame(result.before, result.after))) {
        await insertAuditRow(tx, {
          actorIdentityId: actor.id,
          actorEmail: actor.email,
          action: how.action,
          entityType: how.entityType,
          entityId: how.entityId(result.after),
          before: result.before ?? null,
          after: result.after,
          createdAt: at,
        });
      }
      return result;
    });
    return change.after;
  }

  /** A catalog change, after which the catalog's cached lists are read again. */
  async function recordCatalog<T>(
    actor: Actor,
    how: Recorded<T>,
    work: (tx: Db, at: Date) => Promise<Change<T>>,
  ): Promise<T> {
    try {
      return await record(actor, how, work);
    } finally {
      catalog.invalidate();
    }
  }

  const productId = (p: AdminProduct) => String(p.id);
  const brandId = (b: AdminBrand) => String(b.id);

  return {
    listProducts: editor.listProducts,
    getProduct: editor.getProduct,
    listBrands: editor.listBrands,
    getBrand: editor.getBrand,
    catalogOptions: editor.options,

    createProduct: (actor: Actor, input: AdminProductInput) =>
      recordCatalog(
        actor,
        { action: 'product.create', entityType: 'product', entityId: productId },
        (tx, at) => editor.createProduct(tx, input, at),
      ),

    updateProduct: (actor: Actor, id: number, input: AdminProductInput) =>
      recordCatalog(
        actor,
        { action: 'product.update', entityType: 'product', entityId: productId },
        (tx, at) => editor.updateProduct(tx, id, input, at),
      ),

    setProductActive: (actor: Actor, id: number, isActive: boolean) =>
      recordCatalog(
        actor,
        {
          action: isActive ? 'product.unarchive' : 'product.archive',
          entityType: 'product',
          entityId: productId,
          isToggle: true,
        },
        (tx, at) => editor.setProductActive(tx, id, isActive, at),
      ),

    createBrand: (actor: Actor, input: AdminBrandInput) =>
      recordCatalog(actor, { action: 'brand.create', entityType: 'brand', entityId: brandId }, (tx, at) =>
        editor.createBrand(tx, input, at),
      ),

    updateBrand: (actor: Actor, id: number, input: AdminBrandInput) =>
      recordCatalog(actor, { action: 'brand.update', entityType: 'brand', entityId: brandId }, (tx, at) =>
        editor.updateBrand(tx, id, input, at),
      ),

    setBrandActive: (actor: Actor, id: number, isActive: boolean) =>
      recordCatalog(
        actor,
        {
          action: isActive ? 'brand.unarchive' : 'brand.archive',
          entityType: 'brand',
          entityId: brandId,
          isToggle: true,
        },
        (tx, at) => editor.setBrandActive(tx, id, isActive, at),
      ),

    /** Stores an image and records it; the file is removed again if the record cannot be written. */
    async upload(actor: Actor, kind: UploadKind, image: string): Promise<{ path: string }> {
      const stored = await uploads.save(kind, image);
      try {
        await record(
          actor,
          { action: 'upload.create', entityType: 'upload', entityId: () => stored.file },
          async () => ({
            before: undefined,
            after: { path: stored.path, kind, mime: stored.mime, bytes: stored.bytes },
          }),
        );
      } catch (error) {
        await uploads.remove(stored.file);
        throw error;
      }
      return { path: stored.path };
    },

    async listContactMessages(query: AdminInboxQuery): Promise<Page<AdminContactMessage>> {
      const { rows, total } = await contact.listPage({ status: query.status, ...pageWindow(query) });
      return { items: rows.map(toAdminContactMessage), total, page: query.page, pageSize: query.pageSize };
    },

    setContactMessageHandled: (actor: Actor, id: string, isHandled: boolean) =>
      record(
        actor,
        {
          action: isHandled ? 'contact_message.handle' : 'contact_message.reopen',
          entityType: 'contact_message',
          entityId: (m: AdminContactMessage) => m.id,
          isToggle: true,
        },
        async (tx, at) => {
          const { before, after } = await contact.setHandled(tx, id, isHandled ? at : null);
          return { before: toAdminContactMessage(before), after: toAdminContactMessage(after) };
        },
      ),

    async listPartnerRequests(query: AdminInboxQuery): Promise<Page<AdminPartnerRequest>> {
      const { rows, total } = await partners.listPage({ status: query.status, ...pageWindow(query) });
      return { items: rows.map(toAdminPartnerRequest), total, page: query.page, pageSize: query.pageSize };
    },

    setPartnerRequestHandled: (actor: Actor, id: string, isHandled: boolean) =>
      record(
        actor,
        {
          action: isHandled ? 'partner_request.handle' : 'partner_request.reopen',
          entityType: 'partner_request',
          entityId: (r: AdminPartnerRequest) => r.id,
          isToggle: true,
        },
        async (tx, at) => {
          const { before, after } = await partners.setHandled(tx, id, isHandled ? at : null);
          return { before: toAdminPartnerRequest(before), after: toAdminPartnerRequest(after) };
        },
      ),

    async listAudit(query: AdminAuditQuery): Promise<Page<AdminAuditEntry>> {
      const { rows, total } = await listAuditPage(db, { ...query, ...pageWindow(query) });
      return { items: rows.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize };
    },
  };
}
