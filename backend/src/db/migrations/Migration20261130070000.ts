import { Migration } from '@mikro-orm/migrations';

/**
 * The search index is led by the workspace (btree_gin lets a GIN index hold
 * the uuid beside the trigrams): a common word's trigrams match rows of every
 * workspace, and with the trigrams alone each search read all of them from
 * the table to keep its own workspace's. Now the index intersects the
 * workspace's entries with the trigrams' before a row is read.
 */
export class Migration20261130070000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists btree_gin;');
    this.addSql('drop index if exists "products_search_trgm_idx";');
    this.addSql(
      'create index "products_search_trgm_idx" on "products" using gin ("workspace_id", "search_text" gin_trgm_ops) with (gin_pending_list_limit = 512) where "deleted_at" is null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "products_search_trgm_idx";');
    this.addSql('create index "products_search_trgm_idx" on "products" using gin ("search_text" gin_trgm_ops) with (gin_pending_list_limit = 512) where "deleted_at" is null;');
  }
}
