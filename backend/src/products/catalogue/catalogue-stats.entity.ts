import { DecimalType, Entity, OneToOne, Property } from '@mikro-orm/core';
import { Workspace } from '../../account/workspace.entity';

/**
 * Running totals of one workspace's catalogue, kept by statement-level triggers
 * on `products` (see the migration), so stats and unfiltered list counts are
 * one row read instead of an aggregate over the whole catalogue. Never
 * written by the app.
 */
@Entity({ tableName: 'catalogue_stats' })
export class CatalogueStats {
  @OneToOne(() => Workspace, { primary: true, deleteRule: 'cascade' })
  workspace!: Workspace;

  @Property({ type: 'integer', default: 0 })
  totalProducts!: number;

  @Property({ type: 'integer', default: 0 })
  inStock!: number;

  /** In stock but at or under their reorder level (0 < quantity <= reorder_level). */
  @Property({ type: 'integer', default: 0 })
  lowStock!: number;

  /** At or under their reorder level, out of stock included (quantity <= reorder_level): the dashboard's "Needs reordering". */
  @Property({ type: 'integer', default: 0 })
  reorderDue!: number;

  /** Exact: summed in NUMERIC; large enough for a million products at the highest price and quantity. */
  @Property({ type: new DecimalType('number'), precision: 20, scale: 2, default: 0 })
  inventoryValue!: number;

  /** Bumped by every write to the workspace's products: a count cached at one value is exact while it still holds. */
  @Property({ type: 'bigint', default: 0 })
  changes!: string;
}
