import { Migration } from '@mikro-orm/migrations';
import { appendKind, dropKind } from './Migration20261125110000';

/**
 * Single sign-on: an account's link to its identity at an OpenID provider
 * (issuer and subject, unique together; one link per account and issuer),
 * and the activity kinds that record linking and unlinking it.
 */
export class Migration20261201000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "oidc_identities" ("id" uuid not null, "user_id" uuid not null, "issuer" varchar(255) not null, "subject" varchar(255) not null, "email" varchar(254) null, "created_at" timestamptz not null default now(), constraint "oidc_identities_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "oidc_identities" add constraint "oidc_identities_issuer_subject_unique" unique ("issuer", "subject");`);
    this.addSql(`alter table "oidc_identities" add constraint "oidc_identities_user_issuer_unique" unique ("user_id", "issuer");`);
    this.addSql(`alter table "oidc_identities" add constraint "oidc_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(appendKind('sso_linked'));
    this.addSql(appendKind('sso_unlinked'));
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "activity_log" where "kind" in ('sso_linked', 'sso_unlinked');`);
    this.addSql(dropKind('sso_unlinked'));
    this.addSql(dropKind('sso_linked'));
    this.addSql(`drop table if exists "oidc_identities";`);
  }
}
