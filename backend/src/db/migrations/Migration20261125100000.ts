import { Migration } from '@mikro-orm/migrations';

/**
 * The trash: deleting a product sets `deleted_at` instead of removing the
 * row, so it can be restored with its id, SKU and stock history; housekeeping
 * removes it for good 30 days later. Every index the catalogue's queries use
 * becomes partial on the live rows, so trashed rows cost those queries
 * nothing and a SKU in the trash is free to be used again (restoring it then
 * meets the unique index). Two small partial indexes serve the trash itself:
 * one owner's trash newest first, and the housekeeping purge by age.
 *
 * The catalogue totals count live rows only: the statement-level trigger
 * adds the live rows of NEW and subtracts the live rows of OLD, so moving a
 * product to the trash (an UPDATE from live to trashed) subtracts it,
 * restoring adds it back and purging a trashed row changes nothing.
 */
const LIVE = '"deleted_at" is null';

/** The indexes as they were (before) and partial on live rows (after), by name. */
const INDEXES: Array<[name: string, before: string, after: string]> = [
  ['products_owner_created_idx', 'create index "products_owner_created_idx" on "products" ("owner_id", "created_at", "id") include ("quantity")', `create index "products_owner_created_idx" on "products" ("owner_id", "created_at", "id") include ("quantity") where ${LIVE}`],
  ['products_owner_name_idx', 'create index "products_owner_name_idx" on "products" ("owner_id", lower("name"), "id") include ("name", "quantity")', `create index "products_owner_name_idx" on "products" ("owner_id", lower("name"), "id") include ("name", "quantity") where ${LIVE}`],
  ['products_owner_price_idx', 'create index "products_owner_price_idx" on "products" ("owner_id", "price", "id") include ("quantity")', `create index "products_owner_price_idx" on "products" ("owner_id", "price", "id") include ("quantity") where ${LIVE}`],
  ['products_owner_category_idx', 'create index "products_owner_category_idx" on "products" ("owner_id", "category") include ("quantity")', `create index "products_owner_category_idx" on "products" ("owner_id", "category") include ("quantity") where ${LIVE}`],
  ['products_owner_featured_idx', 'create index "products_owner_featured_idx" on "products" ("owner_id", "created_at") where "featured"', `create index "products_owner_featured_idx" on "products" ("owner_id", "created_at") where "featured" and ${LIVE}`],
  ...['name', 'description', 'category', 'sku'].map((column): [string, string, string] => {
    const index = `create index "products_${column}_trgm_idx" on "products" using gin ("${column}" gin_trgm_ops) with (gin_pending_list_limit = 512)`;
    return [`products_${column}_trgm_idx`, index, `${index} where ${LIVE}`];
  }),
  ['products_owner_sku_unique', 'create unique index "products_owner_sku_unique" on "products" ("owner_id", lower("sku")) where "sku" is not null', `create unique index "products_owner_sku_unique" on "products" ("owner_id", lower("sku")) where "sku" is not null and ${LIVE}`],
  ['products_owner_barcode_idx', 'create index "products_owner_barcode_idx" on "products" ("owner_id", "barcode") where "barcode" is not null', `create index "products_owner_barcode_idx" on "products" ("owner_id", "barcode") where "barcode" is not null and ${LIVE}`],
  ['products_owner_low_stock_idx', 'create index "products_owner_low_stock_idx" on "products" ("owner_id", "created_at") where "quantity" <= "reorder_level"', `create index "products_owner_low_stock_idx" on "products" ("owner_id", "created_at") where "quantity" <= "reorder_level" and ${LIVE}`],
];

export const TRIGGER = (liveOnly: boolean) => {
  const rows = (table: string) => `from ${table}${liveOnly ? ' where deleted_at is null' : ''} group by owner_id`;
  return `create or replace function catalogue_stats_apply() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    for r in select owner_id, count(*) as products, count(*) filter (where quantity > 0) as stocked,
               count(*) filter (where quantity > 0 and quantity <= reorder_level) as low,
               count(*) filter (where quantity <= reorder_level) as due, sum(price * quantity) as value
             ${rows('new_rows')} loop
      insert into catalogue_stats as s (owner_id, total_products, in_stock, low_stock, reorder_due, inventory_value, changes)
      values (r.owner_id, r.products, r.stocked, r.low, r.due, r.value, 1)
      on conflict (owner_id) do update set total_products = s.total_products + excluded.total_products,
        in_stock = s.in_stock + excluded.in_stock, low_stock = s.low_stock + excluded.low_stock,
        reorder_due = s.reorder_due + excluded.reorder_due,
        inventory_value = s.inventory_value + excluded.inventory_value, changes = s.changes + 1;
    end loop;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    for r in select owner_id, count(*) as products, count(*) filter (where quantity > 0) as stocked,
               count(*) filter (where quantity > 0 and quantity <= reorder_level) as low,
               count(*) filter (where quantity <= reorder_level) as due, sum(price * quantity) as value
             ${rows('old_rows')} loop
      update catalogue_stats set total_products = total_products - r.products, in_stock = in_stock - r.stocked,
        low_stock = low_stock - r.low, reorder_due = reorder_due - r.due, inventory_value = inventory_value - r.value, changes = changes + 1 where owner_id = r.owner_id;
    end loop;
  end if;
  return null;
end $$;`;
};

const KINDS_BEFORE = ['account_created', 'signed_in', 'product_created', 'product_updated', 'product_deleted', 'stock_adjusted', 'profile_updated', 'password_changed', 'stock_low', 'stock_out'];
const KINDS_AFTER = [...KINDS_BEFORE, 'product_restored'];
const kindCheck = (kinds: string[]) => `alter table "activity_log" add constraint "activity_log_kind_check" check ("kind" in (${kinds.map((kind) => `'${kind}'`).join(', ')}));`;

export class Migration20261125100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "products" add column "deleted_at" timestamptz null;`);
    for (const [name, , after] of INDEXES) {
      this.addSql(`drop index "${name}";`);
      this.addSql(`${after};`);
    }
    this.addSql(`create index "products_owner_trash_idx" on "products" ("owner_id", "deleted_at", "id") where "deleted_at" is not null;`);
    this.addSql(`create index "products_trash_expiry_idx" on "products" ("deleted_at") where "deleted_at" is not null;`);
    this.addSql(TRIGGER(true));
    this.addSql(`alter table "activity_log" drop constraint "activity_log_kind_check";`);
    this.addSql(kindCheck(KINDS_AFTER));
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "activity_log" where "kind" = 'product_restored';`);
    this.addSql(`alter table "activity_log" drop constraint "activity_log_kind_check";`);
    this.addSql(kindCheck(KINDS_BEFORE));
    // Trashed products were deleted as far as their owners know: they go before the indexes lose their condition (a trashed SKU may be taken again).
    this.addSql(`delete from "products" where "deleted_at" is not null;`);
    this.addSql(TRIGGER(false));
    this.addSql(`drop index "products_trash_expiry_idx";`);
    this.addSql(`drop index "products_owner_trash_idx";`);
    for (const [name, before] of INDEXES) {
      this.addSql(`drop index "${name}";`);
      this.addSql(`${before};`);
    }
    this.addSql(`alter table "products" drop column "deleted_at";`);
  }
}
