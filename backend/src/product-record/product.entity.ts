import { Check, DecimalType, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Rules, TextPatterns } from '@stockroom/schema';
import { User } from '../account/user.entity';

/**
 * A product in its owner's catalogue. Lists and stats read this table with
 * plain SQL (products/catalogue/product.queries.ts), so the indexes below are named after the
 * query each one serves; they all lead with the owner because every query is
 * scoped to one catalogue. Every query of the catalogue reads live rows only
 * (`deleted_at IS NULL`), so those indexes hold only live rows; a trashed
 * product is reached through the trash's own two indexes.
 */
@Entity({ tableName: 'products' })
@Index({ name: 'products_owner_created_idx', expression: 'create index "products_owner_created_idx" on "products" ("owner_id", "created_at", "id") include ("quantity") where "deleted_at" is null' })
@Index({ name: 'products_owner_name_idx', expression: 'create index "products_owner_name_idx" on "products" ("owner_id", lower("name"), "id") include ("name", "quantity") where "deleted_at" is null' })
@Index({ name: 'products_owner_price_idx', expression: 'create index "products_owner_price_idx" on "products" ("owner_id", "price", "id") include ("quantity") where "deleted_at" is null' })
@Index({ name: 'products_owner_category_idx', expression: 'create index "products_owner_category_idx" on "products" ("owner_id", "category") include ("quantity") where "deleted_at" is null' })
@Index({ name: 'products_owner_featured_idx', expression: 'create index "products_owner_featured_idx" on "products" ("owner_id", "created_at") where "featured" and "deleted_at" is null' })
// Case-insensitive substring search (ILIKE '%term%') on name, description, category or SKU; a short pending list keeps stock changes from slowing it down.
@Index({ name: 'products_name_trgm_idx', expression: 'create index "products_name_trgm_idx" on "products" using gin ("name" gin_trgm_ops) with (gin_pending_list_limit = 512) where "deleted_at" is null' })
@Index({ name: 'products_description_trgm_idx', expression: 'create index "products_description_trgm_idx" on "products" using gin ("description" gin_trgm_ops) with (gin_pending_list_limit = 512) where "deleted_at" is null' })
// A SKU is unique in its owner's catalogue whatever its case; search finds an exact SKU or barcode through these.
@Index({ name: 'products_owner_sku_unique', expression: 'create unique index "products_owner_sku_unique" on "products" ("owner_id", lower("sku")) where "sku" is not null and "deleted_at" is null' })
@Index({ name: 'products_owner_barcode_idx', expression: 'create index "products_owner_barcode_idx" on "products" ("owner_id", "barcode") where "barcode" is not null and "deleted_at" is null' })
// The Low Stock filter: only the products at or under their reorder level.
@Index({ name: 'products_owner_low_stock_idx', expression: 'create index "products_owner_low_stock_idx" on "products" ("owner_id", "created_at") where "quantity" <= "reorder_level" and "deleted_at" is null' })
@Index({ name: 'products_category_trgm_idx', expression: 'create index "products_category_trgm_idx" on "products" using gin ("category" gin_trgm_ops) with (gin_pending_list_limit = 512) where "deleted_at" is null' })
@Index({ name: 'products_sku_trgm_idx', expression: 'create index "products_sku_trgm_idx" on "products" using gin ("sku" gin_trgm_ops) with (gin_pending_list_limit = 512) where "deleted_at" is null' })
// One owner's trash, newest first, and the housekeeping purge of products trashed long enough ago.
@Index({ name: 'products_owner_trash_idx', expression: 'create index "products_owner_trash_idx" on "products" ("owner_id", "deleted_at", "id") where "deleted_at" is not null' })
@Index({ name: 'products_trash_expiry_idx', expression: 'create index "products_trash_expiry_idx" on "products" ("deleted_at") where "deleted_at" is not null' })
// The quantity and price limits hold even for writes that bypass the service (and make an oversold stock impossible).
@Check({ name: 'products_quantity_check', expression: `"quantity" >= ${Rules.quantity.min} and "quantity" <= ${Rules.quantity.max}` })
@Check({ name: 'products_price_check', expression: `"price" >= ${Rules.price.min} and "price" <= ${Rules.price.max}` })
// varchar(n) holds the longest each text may be; these hold the shortest (the service stores text trimmed, so its length is what the rule counted).
@Check({ name: 'products_name_length_check', expression: `char_length("name") >= ${Rules.productName.min}` })
@Check({ name: 'products_description_length_check', expression: `char_length("description") >= ${Rules.description.min}` })
@Check({ name: 'products_category_length_check', expression: `char_length("category") >= ${Rules.category.min}` })
@Check({ name: 'products_reorder_level_check', expression: `"reorder_level" >= ${Rules.reorderLevel.min} and "reorder_level" <= ${Rules.reorderLevel.max}` })
@Check({ name: 'products_sku_check', expression: `"sku" ~ '${TextPatterns.sku}'` })
@Check({ name: 'products_barcode_check', expression: `"barcode" ~ '${TextPatterns.barcode}'` })
export class Product {
  [OptionalProps]?: 'featured' | 'imageUrl' | 'sku' | 'barcode' | 'reorderLevel' | 'createdAt' | 'updatedAt' | 'version' | 'deletedAt' | 'lastChange';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The creator; only they may see or change it. */
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  owner!: User;

  @Property({ length: Rules.productName.max })
  name!: string;

  @Property({ length: Rules.description.max })
  description!: string;

  /** NUMERIC(10,2): exact cents in the database, a number in JavaScript (at most 999999.99, exactly representable). */
  @Property({ type: new DecimalType('number'), precision: 10, scale: 2 })
  price!: number;

  @Property({ length: Rules.category.max })
  category!: string;

  @Property({ type: 'integer' })
  quantity!: number;

  /** The shop's own code; unique per owner ignoring case (see the index above). */
  @Property({ length: Rules.sku.max, nullable: true })
  sku?: string | null;

  /** A GS1 barcode (8, 12, 13 or 14 digits, check digit verified by the service). */
  @Property({ length: Rules.barcode.max, nullable: true })
  barcode?: string | null;

  /** Low Stock at or under this quantity (and above 0); null: no level. */
  @Property({ type: 'integer', nullable: true })
  reorderLevel?: number | null;

  @Property({ length: Rules.imageUrl.max, nullable: true })
  imageUrl?: string | null;

  @Property({ default: false })
  featured: boolean = false;

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

  /** Optimistic locking: every write bumps it, and an update naming an older one is refused (enforced in products/catalogue/product.queries.ts). */
  @Property({ version: true })
  version!: number;
}
