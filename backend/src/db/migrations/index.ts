import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121140123 } from './Migration20261121140123';
import { Migration20261121141024 } from './Migration20261121141024';
import { Migration20261121145146 } from './Migration20261121145146';
import { Migration20261121162347 } from './Migration20261121162347';
import { Migration20261123162659 } from './Migration20261123162659';
import { Migration20261123172500 } from './Migration20261123172500';
import { Migration20261123193000 } from './Migration20261123193000';
import { Migration20261123200000 } from './Migration20261123200000';
import { Migration20261124000100 } from './Migration20261124000100';
import { Migration20261124000200 } from './Migration20261124000200';
import { Migration20261124000300 } from './Migration20261124000300';
import { Migration20261124000400 } from './Migration20261124000400';
import { Migration20261124000500 } from './Migration20261124000500';
import { Migration20261124000600 } from './Migration20261124000600';
import { Migration20261125100000 } from './Migration20261125100000';
import { Migration20261125110000 } from './Migration20261125110000';
import { Migration20261125120000 } from './Migration20261125120000';
import { Migration20261126000000 } from './Migration20261126000000';
import { Migration20261126000100 } from './Migration20261126000100';
import { Migration20261126010000 } from './Migration20261126010000';
import { Migration20261126020000 } from './Migration20261126020000';
import { Migration20261126030000 } from './Migration20261126030000';
import { Migration20261126040000 } from './Migration20261126040000';
import { Migration20261128000000 } from './Migration20261128000000';
import { Migration20261128100000 } from './Migration20261128100000';
import { Migration20261128200000 } from './Migration20261128200000';
import { Migration20261128210000 } from './Migration20261128210000';
import { Migration20261128210100 } from './Migration20261128210100';
import { Migration20261129000500 } from './Migration20261129000500';
import { Migration20261129001000 } from './Migration20261129001000';
import { Migration20261129010000 } from './Migration20261129010000';
import { Migration20261129020000 } from './Migration20261129020000';
import { Migration20261129050000 } from './Migration20261129050000';
import { Migration20261130000000 } from './Migration20261130000000';
import { Migration20261130010000 } from './Migration20261130010000';
import { Migration20261130020000 } from './Migration20261130020000';
import { Migration20261130030000 } from './Migration20261130030000';
import { Migration20261130040000 } from './Migration20261130040000';
import { Migration20261130050000 } from './Migration20261130050000';
import { Migration20261130060000 } from './Migration20261130060000';
import { Migration20261130070000 } from './Migration20261130070000';
import { Migration20261130080000 } from './Migration20261130080000';
import { Migration20261201010000 } from './Migration20261201010000';
import { Migration20261201000000 } from './Migration20261201000000';
import { Migration20261202000000 } from './Migration20261202000000';
import { Migration20261202010000 } from './Migration20261202010000';
import { Migration20261203000000 } from './Migration20261203000000';
import { Migration20261204000000 } from './Migration20261204000000';
import { Migration20261204010000 } from './Migration20261204010000';
import { Migration20261205000000 } from './Migration20261205000000';

/**
 * Migrations in the order they run. Listed explicitly (not globbed) so the
 * same list works from compiled JavaScript and from TypeScript under jest.
 * `npm run migration:create` writes a new file; add it here.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121140123', class: Migration20261121140123 }, // accounts: users, sessions, one-time tokens, sign-in attempts, throttling
  { name: 'Migration20261121141024', class: Migration20261121141024 }, // products: catalogue table, limits, search and sort indexes
  { name: 'Migration20261121145146', class: Migration20261121145146 }, // catalogue totals kept by triggers; sort indexes cover the stock filter
  { name: 'Migration20261121162347', class: Migration20261121162347 }, // activity log behind the dashboard's recent activity
  { name: 'Migration20261123162659', class: Migration20261123162659 }, // sign-in attempts per email and client, not per account
  { name: 'Migration20261123172500', class: Migration20261123172500 }, // shortest text lengths of the shared rules as CHECK constraints
  { name: 'Migration20261123193000', class: Migration20261123193000 }, // trigram index on category: search matches the category too
  { name: 'Migration20261123200000', class: Migration20261123200000 }, // the stock ledger: one movement per quantity change, an INITIAL one for every existing product
  { name: 'Migration20261124000100', class: Migration20261124000100 }, // optional SKU (unique per owner, any case) and GS1 barcode on products
  { name: 'Migration20261124000200', class: Migration20261124000200 }, // reorder levels: low stock in the catalogue totals and a partial index for the Low Stock filter
  { name: 'Migration20261124000300', class: Migration20261124000300 }, // activity: a product crossing into low stock or out of stock
  { name: 'Migration20261124000400', class: Migration20261124000400 }, // the count of products at or under their reorder level in the catalogue totals, for the dashboard
  { name: 'Migration20261124000500', class: Migration20261124000500 }, // trigram index on sku: search finds part of a SKU too
  { name: 'Migration20261124000600', class: Migration20261124000600 }, // a short pending list on the trigram indexes, so stock changes do not slow search down
  { name: 'Migration20261125100000', class: Migration20261125100000 }, // the trash: deleted_at on products, indexes and catalogue totals on live rows only, 'product_restored' activity
  { name: 'Migration20261125110000', class: Migration20261125110000 }, // activity: one 'products_imported' entry per import
  { name: 'Migration20261125120000', class: Migration20261125120000 }, // personal access tokens: hashed, scoped, expiring, revoked with a reason
  { name: 'Migration20261126000000', class: Migration20261126000000 }, // the event outbox: product and stock events written by triggers on products
  { name: 'Migration20261126000100', class: Migration20261126000100 }, // webhooks and their delivery log
  { name: 'Migration20261126010000', class: Migration20261126010000 }, // low-stock emails: each user's choice (NEVER by default) and the crossings kept for them
  { name: 'Migration20261126020000', class: Migration20261126020000 }, // rate-limit counters unlogged: every signed-in request counts, and a count need not wait for a disk flush
  { name: 'Migration20261126030000', class: Migration20261126030000 }, // the outbox records only events someone listens to (enabled webhooks, low-stock emails), imports included
  { name: 'Migration20261126040000', class: Migration20261126040000 }, // stock movements: no foreign key on owner_id, which the product's key already holds
  { name: 'Migration20261128000000', class: Migration20261128000000 }, // one mechanism for a write's consequences: triggers on products record movements, activity and stock alerts too; stock_status
  { name: 'Migration20261128100000', class: Migration20261128100000 }, // a product's optional cost price, money like its price
  { name: 'Migration20261128200000', class: Migration20261128200000 }, // search ignores accents and case: one unaccented search column, one trigram index
  { name: 'Migration20261128210000', class: Migration20261128210000 }, // a barcode is unique among an owner's live products; shared ones stay on the oldest, cleared on the others with an activity entry
  { name: 'Migration20261128210100', class: Migration20261128210100 }, // field_versions: an edit against an older version is refused only when a field it writes changed since
  { name: 'Migration20261129000500', class: Migration20261129000500 }, // updates of many rows stay linear: product_changed_fields compares columns one by one; no nested-loop join of a statement's old and new rows
  { name: 'Migration20261129001000', class: Migration20261129001000 }, // bulk_edits: what a bulk update replaced, so it can be undone
  { name: 'Migration20261129010000', class: Migration20261129010000 }, // workspaces and their members: every tenant table keyed by workspace_id, a personal workspace per account
  { name: 'Migration20261129020000', class: Migration20261129020000 }, // workspace_invitations: an address invited with a role, its link's token kept as a SHA-256
  { name: 'Migration20261129050000', class: Migration20261129050000 }, // row-level security on the workspace-owned tables: the app role sees only the workspace its request set
  { name: 'Migration20261130000000', class: Migration20261130000000 }, // locations (a tree, a default "Main" per workspace), stock levels per product and location, movements name their location; today's stock moves to Main as it is
  { name: 'Migration20261130010000', class: Migration20261130010000 }, // row-level security on locations and stock levels; a workspace's default location opened as the schema's owner
  { name: 'Migration20261130020000', class: Migration20261130020000 }, // a search's matches found as the schema's owner, so the trigram index serves a rare term behind row-level security
  { name: 'Migration20261130030000', class: Migration20261130030000 }, // a transfer is logged: a 'stock_moved' entry per product, with the quantity and both places
  { name: 'Migration20261130040000', class: Migration20261130040000 }, // a stock change holds the locations it names: one deleted meanwhile is a missing location, a delete after it sees its stock
  { name: 'Migration20261130050000', class: Migration20261130050000 }, // an import's further stock levels of one product are not counted again in its activity entry
  { name: 'Migration20261130060000', class: Migration20261130060000 }, // stock counts with their lines, and idempotency keys for exactly-once stock writes; row-level security on all three
  { name: 'Migration20261130070000', class: Migration20261130070000 }, // the search index led by the workspace (btree_gin), so a common word reads only its own workspace's rows
  { name: 'Migration20261130080000', class: Migration20261130080000 }, // second factors: authenticator secrets (sealed), recovery codes (hashed), sign-ins waiting for a code; their activity kinds; when a session last gave its password or a code again
  { name: 'Migration20261201000000', class: Migration20261201000000 }, // oidc_identities: an account's links to OpenID providers (issuer + subject); activity kinds sso_linked, sso_unlinked
  { name: 'Migration20261201010000', class: Migration20261201010000 }, // passkeys (public key, counter, transports, name) and their challenges (hashed, single use); activity kinds passkey_added, passkey_removed
  { name: 'Migration20261202000000', class: Migration20261202000000 }, // workspaces.require_second_factor: owners may require a second factor of members; activity kind second_factor_policy_changed
  { name: 'Migration20261202010000', class: Migration20261202010000 }, // mfa_challenges.via: how a sign-in waiting for its second factor began (a single sign-on's provider), for its activity entry
  { name: 'Migration20261203000000', class: Migration20261203000000 }, // a search's matches counted up to the cap as the schema's owner, in no order, so the count reads the search index
  { name: 'Migration20261204000000', class: Migration20261204000000 }, // a search term's LIKE pattern in one function, search_pattern, which the list's match and both search functions call
  { name: 'Migration20261204010000', class: Migration20261204010000 }, // analyze_after_bulk_write: an import analyses the catalogue's tables when it changed as many rows as autovacuum waits for
  { name: 'Migration20261205000000', class: Migration20261205000000 }, // users.password_set: false for an account single sign-on opened, whose random password nobody knows
];
