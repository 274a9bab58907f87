import { Migration } from '@mikro-orm/migrations';

/**
 * Products get the codes a shop uses: an optional SKU, unique in its owner's
 * catalogue whatever its case, and an optional GS1 barcode. The CHECKs hold
 * their shapes even for writes that bypass the service (the check digit is the
 * service's); the indexes let a search find an exact SKU or barcode without
 * reading the owner's catalogue.
 */
export class Migration20261124000100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "products" add column "sku" varchar(64) null, add column "barcode" varchar(14) null;`);
    this.addSql(`alter table "products" add constraint "products_sku_check" check ("sku" ~ '^[A-Za-z0-9._/-]+$');`);
    this.addSql(`alter table "products" add constraint "products_barcode_check" check ("barcode" ~ '^(?:[0-9]{8}|[0-9]{12,14})$');`);
    this.addSql(`create unique index "products_owner_sku_unique" on "products" ("owner_id", lower("sku")) where "sku" is not null;`);
    this.addSql(`create index "products_owner_barcode_idx" on "products" ("owner_id", "barcode") where "barcode" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "products_owner_barcode_idx";`);
    this.addSql(`drop index "products_owner_sku_unique";`);
    this.addSql(`alter table "products" drop constraint "products_barcode_check", drop constraint "products_sku_check";`);
    this.addSql(`alter table "products" drop column "barcode", drop column "sku";`);
  }
}
