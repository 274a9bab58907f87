import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121124131 } from './Migration20261121124131';

/**
 * Migrations in the order they run. Listed explicitly (not globbed) so the
 * same list works from compiled JavaScript and from TypeScript under jest.
 * `npm run migration:create` writes a new file; add it here.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121124131', class: Migration20261121124131 }, // accounts: users, sessions, tokens, lockout, throttling
];
