import type { EventType } from '@stockroom/schema';
import type { ProductView } from '../product-record/product-view.types';

/** A product as the REST API sends it: its times as ISO 8601 text. */
export type ProductJson = Omit<ProductView, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** An event as subscribers get it; `id` is stable, so a subscriber that sees one twice can tell. */
export interface StockroomEvent {
  id: string;
  type: EventType;
  /** The workspace of the product. */
  workspaceId: string;
  createdAt: string;
  data: { product: ProductJson };
}

/** What a subscriber does with one event; throwing retries it by the subscriber's queue's policy. */
export type EventHandler = (event: StockroomEvent) => Promise<void>;
