import { Migration } from '@mikro-orm/migrations';

/**
 * A barcode is unique within one catalogue, as a SKU is, so a scan finds
 * exactly one product: a partial unique index on the owner and the barcode,
 * over live products with a barcode (a product in the trash gives its barcode
 * up, as its SKU, and restoring it then meets the live one's 409). It takes
 * the place of the plain index search used.
 *
 * Barcodes already shared by live products of one owner stay on the oldest
 * of them (created first) and are cleared on the others; each cleared product
 * gets a version of its own and a 'product_updated' activity entry that names
 * the barcode it had and the product that kept it, so no code is lost.
 */
const CLEAR_DUPLICATES = `
  with ranked as (
    select id, barcode, first_value(id) over w as keeper_id, row_number() over w as n
    from products where barcode is not null and deleted_at is null
    window w as (partition by owner_id, barcode order by created_at, id)
  ),
  cleared as (
    update products as p set barcode = null, version = p.version + 1, updated_at = now()
    from ranked as r where r.id = p.id and r.n > 1
    returning p.id, p.owner_id, p.name, r.barcode, r.keeper_id
  )
  insert into activity_log (user_id, kind, subject_id, subject, details)
  select c.owner_id, 'product_updated', c.id, c.name, jsonb_build_object('fields', jsonb_build_array('barcode'), 'barcode', c.barcode, 'keptOn', k.name)
  from cleared as c join products as k on k.id = c.keeper_id;`;

export class Migration20261128210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(CLEAR_DUPLICATES);
    this.addSql(`create unique index "products_owner_barcode_unique" on "products" ("owner_id", "barcode") where "barcode" is not null and "deleted_at" is null;`);
    this.addSql(`drop index "products_owner_barcode_idx";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "products_owner_barcode_idx" on "products" ("owner_id", "barcode") where "barcode" is not null and "deleted_at" is null;`);
    this.addSql(`drop index "products_owner_barcode_unique";`);
  }
}
