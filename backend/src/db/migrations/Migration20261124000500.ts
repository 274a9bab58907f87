import { Migration } from '@mikro-orm/migrations';

/**
 * Search finds a product by part of its SKU too ("LMP" finds LMP-0042), as
 * the quick search does while one types. Like the name, description and
 * category, the SKU gets a trigram index, so the search's OR stays a union of
 * index scans.
 */
export class Migration20261124000500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "products_sku_trgm_idx" on "products" using gin ("sku" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "products_sku_trgm_idx";`);
  }
}
