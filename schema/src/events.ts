/**
 * What happens to a catalogue that another system may want to hear about:
 * webhooks subscribe to these, and the low-stock emails to the last two.
 */
export const EVENT_TYPES = [
  'product.created',
  'product.updated',
  /** Moved to the trash (the product can still be restored), or removed outright. */
  'product.deleted',
  'product.restored',
  /** Any change of quantity: a sale, a delivery, a count, an edit, a bulk adjustment, an import. */
  'stock.changed',
  /** The product's stock status became Low Stock (0 < quantity <= reorder level), from In Stock or Out of Stock. */
  'stock.low',
  /** The product's quantity reached 0. */
  'stock.out',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (value: unknown): value is EventType => typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
