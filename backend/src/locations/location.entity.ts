import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { LocationFields } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { Workspace } from '../account/workspace.entity';

/**
 * A place where a workspace keeps stock (a shop floor, a van, shelf B3), in a
 * tree by `parent`. Every workspace has exactly one default location, opened
 * by the trigger on `workspaces` (db/triggers/default-location.sql): stock
 * that names no place is there.
 */
@Entity({ tableName: 'locations' })
@Index({ name: 'locations_workspace_code_unique', expression: 'create unique index "locations_workspace_code_unique" on "locations" ("workspace_id", lower("code")) where "code" is not null' })
@Index({ name: 'locations_workspace_default_unique', expression: 'create unique index "locations_workspace_default_unique" on "locations" ("workspace_id") where "is_default"' })
@Check({ name: 'locations_name_length_check', expression: `char_length("name") >= ${LocationFields.name.min}` })
@Check({ name: 'locations_code_length_check', expression: 'char_length("code") >= 1' })
export class Location {
  [OptionalProps]?: 'code' | 'parent' | 'isDefault' | 'createdAt';

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  @Index()
  workspace!: Workspace;

  @Property({ length: LocationFields.name.max })
  name!: string;

  /** What a shelf's label says; unique in its workspace ignoring case. */
  @Property({ length: LocationFields.code.max, nullable: true })
  code?: string | null;

  /** The location this one is inside; a location with stock below it keeps its children when it is deleted (they move up). */
  @ManyToOne(() => Location, { nullable: true, deleteRule: 'set null' })
  @Index()
  parent?: Location | null;

  @Property({ default: false })
  isDefault: boolean = false;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
