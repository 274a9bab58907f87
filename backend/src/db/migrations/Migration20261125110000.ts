import { Migration } from '@mikro-orm/migrations';

/**
 * The activity log also records an import ('products_imported': one entry
 * with how many products it created and updated). The kind is added at the
 * end of whatever list the check constraint holds when this runs, so a
 * migration before it that adds a kind of its own keeps it. Later migrations
 * that add a kind use appendKind and dropKind too.
 */
export const appendKind = (kind: string) => `do $$
declare definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint where conname = 'activity_log_kind_check' and conrelid = 'activity_log'::regclass;
  alter table "activity_log" drop constraint "activity_log_kind_check";
  execute 'alter table "activity_log" add constraint "activity_log_kind_check" ' || regexp_replace(definition, '\\](\\)+)$', ', ''${kind}''::text]\\1');
end $$;`;

export const dropKind = (kind: string) => `do $$
declare definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint where conname = 'activity_log_kind_check' and conrelid = 'activity_log'::regclass;
  alter table "activity_log" drop constraint "activity_log_kind_check";
  execute 'alter table "activity_log" add constraint "activity_log_kind_check" ' || replace(definition, ', ''${kind}''::text', '');
end $$;`;

export class Migration20261125110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(appendKind('products_imported'));
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "activity_log" where "kind" = 'products_imported';`);
    this.addSql(dropKind('products_imported'));
  }
}
