import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Rules, STOCK_MOVEMENT_REASONS, type StockMovementReason } from '@stockroom/schema';
import { User } from '../account/user.entity';
import { Workspace } from '../account/workspace.entity';
import { Location } from '../locations/location.entity';
import { Product } from '../product-record/product.entity';

/**
 * One change of a product's quantity: the stock ledger. The triggers on
 * products write it in the transaction of the change itself, whatever
 * statement made it (db/triggers/product-history.sql), so for every product
 * the movements sum to its quantity and the newest one's `quantityAfter` is
 * that quantity.
 */
@Entity({ tableName: 'stock_movements' })
@Index({ name: 'stock_movements_product_recent_idx', expression: 'create index "stock_movements_product_recent_idx" on "stock_movements" ("product_id", "id" desc)' })
@Index({ name: 'stock_movements_transfer_idx', expression: 'create index "stock_movements_transfer_idx" on "stock_movements" ("transfer_id") where "transfer_id" is not null' })
@Check({ name: 'stock_movements_quantity_after_check', expression: `"quantity_after" >= ${Rules.quantity.min} and "quantity_after" <= ${Rules.quantity.max}` })
export class StockMovement {
  [OptionalProps]?: 'note' | 'createdAt' | 'location' | 'transferId';

  /**
   * Increasing in the order the movements of one product happened: each is
   * numbered while its statement holds the product's row lock, so a history
   * sorts by it (two statements started in one order can commit in the other,
   * and `created_at` is when each started).
   */
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => Product, { deleteRule: 'cascade' })
  product!: Product;

  /**
   * The product's owner, so a catalogue's movements can be read without the products. No foreign key of its own:
   * the product's holds it (the product exists, so its owner does; an owner's removal removes the products and so
   * their movements), and checking it again cost a lookup and a lock per movement.
   */
  @ManyToOne(() => Workspace, { createForeignKeyConstraint: false })
  workspace!: Workspace;

  /** Who made the change; kept (as null) when that account is deleted, so the product's ledger still adds up. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user?: User | null;

  /**
   * Where the stock moved: the write's location, else the workspace's default one. Null only once that
   * location has been deleted (it held no stock then), so the product's ledger still adds up.
   */
  @ManyToOne(() => Location, { nullable: true, deleteRule: 'set null' })
  location?: Location | null;

  /** The transfer this movement is half of (a TRANSFER_OUT and a TRANSFER_IN share it); null otherwise. */
  @Property({ type: 'uuid', nullable: true })
  transferId?: string | null;

  /** Signed: negative takes stock away. A stocktake that found what was expected records 0. */
  @Property({ type: 'integer' })
  delta!: number;

  @Property({ type: 'integer' })
  quantityAfter!: number;

  /** A check constraint holds it to STOCK_MOVEMENT_REASONS; a new reason needs a migration. */
  @Enum({ items: [...STOCK_MOVEMENT_REASONS] })
  reason!: StockMovementReason;

  @Property({ length: Rules.movementNote.max, nullable: true })
  note?: string | null;

  @Property({ defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
