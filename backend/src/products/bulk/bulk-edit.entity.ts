import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Workspace } from '../../account/workspace.entity';
import { Product } from '../../product-record/product.entity';

/**
 * What one bulk update replaced on one product, so the update can be undone:
 * the values of the fields it set, as they were, and the version it left the
 * product at. Written and read by product-bulk.queries.ts; a day later
 * housekeeping drops it, as no Undo offers it any more.
 */
@Entity({ tableName: 'bulk_edits' })
@Index({ name: 'bulk_edits_product_id_idx', properties: ['product'] })
export class BulkEdit {
  [OptionalProps]?: 'createdAt';

  /** Names every product one bulk update changed. */
  @PrimaryKey({ type: 'uuid' })
  batch!: string;

  @ManyToOne(() => Product, { primary: true, deleteRule: 'cascade' })
  product!: Product;

  /** The products' workspace, so an Undo reaches the workspace's own edits only. No foreign key of its own: the product's holds it. */
  @ManyToOne(() => Workspace, { createForeignKeyConstraint: false })
  workspace!: Workspace;

  /** The product's version once the bulk update had written it. */
  @Property({ type: 'integer' })
  version!: number;

  /** The replaced values by column name: {"price": "12.50"}, {"reorder_level": null}. */
  @Property({ type: 'jsonb' })
  previous!: Record<string, unknown>;

  @Index({ name: 'bulk_edits_created_at_idx' })
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
