import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Rules, STOCK_COUNT_LINE_STATUSES, type StockCountLineStatus } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { User } from '../account/user.entity';
import { Workspace } from '../account/workspace.entity';
import { Location } from '../locations/location.entity';
import { Product } from '../product-record/product.entity';
import { StockCount } from './stock-count.entity';

/**
 * One counter's count of one product at one location: the quantity found,
 * when, by whom, and the ledger position the counter's device had seen there
 * (the id of the newest movement it knew). Approval books `counted - the
 * quantity at that position`, so movements after it stand. The product and
 * location carry no foreign key: a line outlives either (approval reports
 * it as PRODUCT_DELETED or LOCATION_DELETED), and purging a product or
 * deleting a location never has to look through every count's lines.
 */
@Entity({ tableName: 'stock_count_lines' })
@Index({ name: 'stock_count_lines_count_idx', properties: ['workspace', 'count', 'product', 'location'] })
@Check({ name: 'stock_count_lines_quantity_check', expression: `"quantity" >= ${Rules.quantity.min} and "quantity" <= ${Rules.quantity.max}` })
@Check({ name: 'stock_count_lines_ledger_position_check', expression: '"ledger_position" >= 0' })
export class StockCountLine {
  [OptionalProps]?: 'countedBy' | 'replaces' | 'status' | 'movementId' | 'uncounted' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The count's workspace. No foreign key of its own: the count's holds it. */
  @ManyToOne(() => Workspace, { createForeignKeyConstraint: false })
  workspace!: Workspace;

  @ManyToOne(() => StockCount, { deleteRule: 'cascade' })
  count!: StockCount;

  @ManyToOne(() => Product, { createForeignKeyConstraint: false })
  product!: Product;

  @ManyToOne(() => Location, { createForeignKeyConstraint: false })
  location!: Location;

  @Property({ type: 'integer' })
  quantity!: number;

  /** The id of the newest movement of the product at the location the counter had seen; 0: none. */
  @Property({ type: 'bigint' })
  ledgerPosition!: string;

  @Property({ type: 'timestamptz' })
  countedAt!: Date;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  countedBy?: User | null;

  /** The earlier line of the same product and location this one replaces (a recount); that one is then REPLACED. */
  @ManyToOne(() => StockCountLine, { nullable: true, deleteRule: 'set null' })
  replaces?: StockCountLine | null;

  @Enum({ items: [...STOCK_COUNT_LINE_STATUSES], default: 'PENDING' })
  status: StockCountLineStatus = 'PENDING';

  /** The COUNT movement its approval booked. No foreign key: a purged product's movements go, and the line says what was booked. */
  @Property({ type: 'bigint', nullable: true })
  movementId?: string | null;

  /** Written by the approval for stock in the scope that no one counted, booked as 0 because the approver asked for it. */
  @Property({ default: false })
  uncounted: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
