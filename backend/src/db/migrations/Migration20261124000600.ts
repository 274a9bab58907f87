import { Migration } from '@mikro-orm/migrations';

const TRIGRAM_INDEXES = ['products_name_trgm_idx', 'products_description_trgm_idx', 'products_category_trgm_idx', 'products_sku_trgm_idx'];

/**
 * A change of quantity cannot be a HOT update (the quantity is in the stock
 * and sort indexes), so every sale and delivery also adds the row to the
 * search's trigram indexes, whose new entries wait in a pending list that
 * every search reads through. At the default 4 MB, a few thousand stock
 * changes made each search of a 100,000-product catalogue take 15 times as
 * long (0.18 s instead of 0.013 s). At 512 kB the list is merged into the
 * index before it costs a search much, and the merge falls on few enough
 * writes to stay out of their 99th percentile (at 256 kB a stocktake's p99
 * rose to 54 ms; at 1 MB searches took a third longer).
 */
export class Migration20261124000600 extends Migration {
  override async up(): Promise<void> {
    for (const index of TRIGRAM_INDEXES) this.addSql(`alter index "${index}" set (gin_pending_list_limit = 512);`);
  }

  override async down(): Promise<void> {
    for (const index of TRIGRAM_INDEXES) this.addSql(`alter index "${index}" reset (gin_pending_list_limit);`);
  }
}
