import { Migration } from '@mikro-orm/migrations';

/**
 * The shortest text each field may hold, as the shared rules say (a product
 * name 2 characters, a description 10, a category 2, a first or last name 1).
 * varchar(n) already holds the longest. The service has always stored values
 * that pass these, trimmed, so existing rows satisfy them. A migration keeps
 * the numbers it was written with: if a rule changes, the schema-constraints
 * test fails until a new migration follows it.
 */
export class Migration20261123172500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "products" add constraint "products_name_length_check" check (char_length("name") >= 2);`);
    this.addSql(`alter table "products" add constraint "products_description_length_check" check (char_length("description") >= 10);`);
    this.addSql(`alter table "products" add constraint "products_category_length_check" check (char_length("category") >= 2);`);
    this.addSql(`alter table "users" add constraint "users_first_name_length_check" check (char_length("first_name") >= 1);`);
    this.addSql(`alter table "users" add constraint "users_last_name_length_check" check (char_length("last_name") >= 1);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "products" drop constraint "products_name_length_check";`);
    this.addSql(`alter table "products" drop constraint "products_description_length_check";`);
    this.addSql(`alter table "products" drop constraint "products_category_length_check";`);
    this.addSql(`alter table "users" drop constraint "users_first_name_length_check";`);
    this.addSql(`alter table "users" drop constraint "users_last_name_length_check";`);
  }
}
