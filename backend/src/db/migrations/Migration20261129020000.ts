import { Migration } from '@mikro-orm/migrations';
import { WORKSPACE_ROLES } from '@stockroom/schema';

/**
 * Invitations to a workspace: an address, the role it is offered and the
 * SHA-256 of its link's token, pending until accepted, revoked or expired.
 * At most one pending invitation per workspace and address, so inviting the
 * address again renews it instead of adding another.
 */
export class Migration20261129020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "workspace_invitations" ("id" uuid not null, "workspace_id" uuid not null, "email" varchar(254) not null, "role" text check ("role" in (${WORKSPACE_ROLES.map((role) => `'${role}'`).join(', ')})) not null, "token_hash" varchar(64) not null, "invited_by_id" uuid null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "accepted_at" timestamptz null, "revoked_at" timestamptz null, constraint "workspace_invitations_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "workspace_invitations" add constraint "workspace_invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `create unique index "workspace_invitations_pending_email_idx" on "workspace_invitations" ("workspace_id", "email") where "accepted_at" is null and "revoked_at" is null;`,
    );
    this.addSql(`alter table "workspace_invitations" add constraint "workspace_invitations_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workspace_invitations" add constraint "workspace_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "workspace_invitations";`);
  }
}
