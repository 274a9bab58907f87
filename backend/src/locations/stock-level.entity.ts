import { Check, Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { Workspace } from '../account/workspace.entity';
import { Product } from '../product-record/product.entity';
import { Location } from './location.entity';

/**
 * How many of a product are at one location. The triggers on products keep
 * them in the statement of every quantity change (db/triggers/product-history.sql),
 * so a product's levels always sum to its quantity, and each level to the
 * sum of the product's movements at that location.
 */
@Entity({ tableName: 'stock_levels' })
@Index({ name: 'stock_levels_location_idx', properties: ['location', 'product'] })
@Check({ name: 'stock_levels_quantity_check', expression: '"quantity" >= 0' })
export class StockLevel {
  @ManyToOne(() => Product, { primary: true, deleteRule: 'cascade' })
  product!: Product;

  @ManyToOne(() => Location, { primary: true, deleteRule: 'cascade' })
  location!: Location;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  @Index()
  workspace!: Workspace;

  @Property({ type: 'integer' })
  quantity!: number;
}
