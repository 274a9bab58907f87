import { Check, DecimalType, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { PRODUCT_FIELDS, Rules, TextPatterns, WRITABLE_PRODUCT_FIELDS, writableField, type ProductValues, type WritableProductField, type WritableProductFieldName } from '@stockroom/schema';
import { Workspace } from '../account/workspace.entity';

/**
 * search_text's expression (Migration20261128200000 creates the column; `f_unaccent` is db/triggers/search.sql's),
 * written as PostgreSQL prints it back, so the schema comparison finds the column unchanged.
 */
const SEARCH_TEXT = [
  `lower(f_unaccent((((((((name)::text || '\n'::text) || (description)::text) || '\n'::text) || (category)::text) || '\n'::text)`,
  ` || (COALESCE(sku, ''::character varying))::text)))`,
].join('');

/**
 * A product in its workspace's catalogue. Lists and stats read this table with
 * plain SQL (products/catalogue/product.queries.ts), so the indexes below are named after the
 * query each one serves; they all lead with the workspace because every query is
 * scoped to one catalogue. Every query of the catalogue reads live rows only
 * (`deleted_at IS NULL`), so those indexes hold only live rows; a trashed
 * product is reached through the trash's own two indexes.
 */
@Entity({ tableName: 'products' })
@Index({ name: 'products_workspace_created_idx', expression: 'create index "products_workspace_created_idx" on "products" ("workspace_id", "created_at", "id") include ("quantity") where "deleted_at" is null' })
@Index({ name: 'products_workspace_name_idx', expression: 'create index "products_workspace_name_idx" on "products" ("workspace_id", lower("name"), "id") include ("name", "quantity") where "deleted_at" is null' })
@Index({ name: 'products_workspace_price_idx', expression: 'create index "products_workspace_price_idx" on "products" ("workspace_id", "price", "id") include ("quantity") where "deleted_at" is null' })
@Index({ name: 'products_workspace_category_idx', expression: 'create index "products_workspace_category_idx" on "products" ("workspace_id", "category") include ("quantity") where "deleted_at" is null' })
@Index({ name: 'products_workspace_featured_idx', expression: 'create index "products_workspace_featured_idx" on "products" ("workspace_id", "created_at") where "featured" and "deleted_at" is null' })
// Search: a substring of search_text, whose one trigram index finds it in any field (products/list-query/product-list.queries.ts); a short pending list keeps stock changes from slowing it down.
@Index({ name: 'products_search_trgm_idx', expression: 'create index "products_search_trgm_idx" on "products" using gin ("workspace_id", "search_text" gin_trgm_ops) with (gin_pending_list_limit = 512) where "deleted_at" is null' })
// A SKU is unique in its workspace's catalogue whatever its case, a barcode too (so a scan finds one product); search finds an exact SKU or barcode through these.
@Index({ name: 'products_workspace_sku_unique', expression: 'create unique index "products_workspace_sku_unique" on "products" ("workspace_id", lower("sku")) where "sku" is not null and "deleted_at" is null' })
@Index({ name: 'products_workspace_barcode_unique', expression: 'create unique index "products_workspace_barcode_unique" on "products" ("workspace_id", "barcode") where "barcode" is not null and "deleted_at" is null' })
// The Low Stock filter: only the products at or under their reorder level.
@Index({ name: 'products_workspace_low_stock_idx', expression: 'create index "products_workspace_low_stock_idx" on "products" ("workspace_id", "created_at") where "quantity" <= "reorder_level" and "deleted_at" is null' })
// One workspace's trash, newest first, and the housekeeping purge of products trashed long enough ago.
@Index({ name: 'products_workspace_trash_idx', expression: 'create index "products_workspace_trash_idx" on "products" ("workspace_id", "deleted_at", "id") where "deleted_at" is not null' })
@Index({ name: 'products_trash_expiry_idx', expression: 'create index "products_trash_expiry_idx" on "products" ("deleted_at") where "deleted_at" is not null' })
// varchar(n) holds the longest each text may be; these hold the shortest (the service stores text trimmed, so its length is what the rule counted).
@Check({ name: 'products_name_length_check', expression: `char_length("name") >= ${Rules.productName.min}` })
@Check({ name: 'products_description_length_check', expression: `char_length("description") >= ${Rules.description.min}` })
@Check({ name: 'products_category_length_check', expression: `char_length("category") >= ${Rules.category.min}` })
@Check({ name: 'products_sku_check', expression: `"sku" ~ '${TextPatterns.sku}'` })
@Check({ name: 'products_barcode_check', expression: `"barcode" ~ '${TextPatterns.barcode}'` })
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its own fields are merged in from the field table below
export class Product {
  [OptionalProps]?: OptionalProductField | 'createdAt' | 'updatedAt' | 'version' | 'deletedAt' | 'lastChange' | 'searchText' | 'fieldVersions';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The workspace whose catalogue holds it; only its members may see or change it. */
  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Workspace;

  /** The member who created it (the API's `owner`); no foreign key: the product outlives its creator's membership. */
  @Property({ type: 'uuid' })
  createdBy!: string;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** When it was moved to the trash; null while it is in the catalogue. */
  @Property({ type: 'datetime', nullable: true })
  deletedAt?: Date | null;

  /**
   * What the last write told the triggers on products about itself (who, why, which entry it logs):
   * set by every write statement (product-change.ts), read by the triggers, never sent to a client.
   */
  @Property({ type: 'json', nullable: true, hidden: true, lazy: true })
  lastChange?: Record<string, unknown> | null;

  /**
   * What search compares: the name, description, category and SKU without accents and in lower case, one a line,
   * kept by PostgreSQL as the row changes; never sent to a client (the API's columns are the field table's).
   */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true, generated: `(${SEARCH_TEXT}) stored` })
  searchText?: string;

  /** Optimistic locking: every write bumps it, and an update naming an older one is refused (enforced in products/catalogue/product.queries.ts). */
  @Property({ version: true })
  version!: number;

  /**
   * The version at which each field last changed, by its API name (db/triggers/field-versions.sql
   * keeps it): an update naming an older version is refused only for a field
   * it writes that changed since. Null in a row older than the column.
   */
  @Property({ type: 'json', nullable: true, hidden: true, lazy: true, defaultRaw: `'{}'` })
  fieldVersions?: Record<string, number> | null;
}

/** The fields a new row may leave out: none is a value of theirs, or the column has a default. */
type OptionalProductField = { [K in WritableProductFieldName]: (typeof PRODUCT_FIELDS)[K] extends { nullable: true } | { default: false } ? K : never }[WritableProductFieldName];

/** The product's own fields, one column each as the field table declares them. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the columns are declared by the loop below, from the table
export interface Product extends ProductValues {}

/**
 * A column's type from its field's: text as varchar of the rule's longest,
 * money as NUMERIC(10,2) (exact cents in the database, a number in
 * JavaScript: at most 999999.99, exactly representable), whole numbers as
 * integer, a flag false unless set.
 */
function columnOptions(field: WritableProductField) {
  const nullable = field.nullable ? { nullable: true } : {};
  switch (field.type) {
    case 'text':
      return { type: 'string', length: field.rule.kind === 'text' ? field.rule.max : undefined, ...nullable };
    case 'money':
      return { type: new DecimalType('number'), precision: 10, scale: 2, ...nullable };
    case 'integer':
      return { type: 'integer', ...nullable };
    case 'boolean':
      return { type: 'boolean', default: false };
  }
}

for (const name of WRITABLE_PRODUCT_FIELDS) {
  const field = writableField(name);
  Property({ fieldName: field.column, ...columnOptions(field) })(Product.prototype, name);
  // A number's limits hold even for writes that bypass the service (and make an oversold stock impossible).
  if (field.rule.kind === 'number') Check({ name: `products_${field.column}_check`, expression: `"${field.column}" >= ${field.rule.min} and "${field.column}" <= ${field.rule.max}` })(Product);
}
