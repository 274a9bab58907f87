import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { NewStockCountFields, STOCK_COUNT_STATUSES, type StockCountStatus } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { User } from '../account/user.entity';
import { Workspace } from '../account/workspace.entity';
import { Location } from '../locations/location.entity';

/**
 * A stocktake session: a count of a scope (a location and the locations
 * below it, a category, both, or the whole workspace), which counters fill
 * with lines, submit for review, and an admin approves (booking the
 * differences as COUNT movements) or cancels.
 */
@Entity({ tableName: 'stock_counts' })
@Index({ name: 'stock_counts_workspace_recent_idx', expression: 'create index "stock_counts_workspace_recent_idx" on "stock_counts" ("workspace_id", "created_at" desc, "id" desc)' })
export class StockCount {
  [OptionalProps]?: 'blind' | 'location' | 'category' | 'createdBy' | 'createdAt' | 'submittedAt' | 'closedAt' | 'closedBy';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Workspace;

  @Enum({ items: [...STOCK_COUNT_STATUSES] })
  status!: StockCountStatus;

  /** Counters do not see the expected quantities; those who approve do. */
  @Property({ default: false })
  blind: boolean = false;

  /**
   * The location counted, with the ones below it; null: every location. No foreign key: a location is
   * deleted only when it holds no stock, and the count still names the place it was (it then has nothing
   * left to count there).
   */
  @ManyToOne(() => Location, { nullable: true, createForeignKeyConstraint: false })
  location?: Location | null;

  /** The category counted, as products store it; null: every category. */
  @Property({ length: NewStockCountFields.category.max, nullable: true })
  category?: string | null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  createdBy?: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  submittedAt?: Date | null;

  /** When it was approved or cancelled, and by whom. */
  @Property({ type: 'timestamptz', nullable: true })
  closedAt?: Date | null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  closedBy?: User | null;
}
