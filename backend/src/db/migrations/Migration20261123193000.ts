import { Migration } from '@mikro-orm/migrations';

/**
 * Search matches the category as well as the name and the description. Like
 * those two, the category gets a trigram index, so the search's OR stays a
 * union of index scans instead of a read of the owner's whole catalogue.
 */
export class Migration20261123193000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "products_category_trgm_idx" on "products" using gin ("category" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "products_category_trgm_idx";`);
  }
}
