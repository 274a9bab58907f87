/**
 * Values a generator cannot know in advance (a product id that exists now, the
 * caller's own password, an email no account uses yet) are generated as slots
 * and filled in just before the request is sent, so a replayed seed picks the
 * same kind of value in the same place.
 */
export class Slot {
  constructor(
    readonly name: string,
    /** Which of several candidates, when the slot has a pool to pick from. */
    readonly pick = 0,
  ) {}
}

/** A body sent as this exact text (malformed JSON, or JSON with a duplicate key). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A multipart/form-data body with one file part (or none) and optional text parts. */
export class Multipart {
  constructor(
    readonly parts: Array<{ field: string; bytes?: Uint8Array; filename?: string; contentType?: string; text?: string }>,
  ) {}
}

export type SlotFiller = (slot: Slot) => unknown;

/** A copy of `value` with every slot replaced by what `fill` gives for it; `undefined` drops an object key. */
export function fillSlots(value: unknown, fill: SlotFiller): unknown {
  if (value instanceof Slot) return fill(value);
  if (value instanceof RawJson || value instanceof Multipart) return value;
  if (Array.isArray(value)) return value.map((item) => fillSlots(item, fill));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const filled = fillSlots(item, fill);
      if (filled !== undefined) Object.defineProperty(copy, key, { value: filled, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }
  return value;
}
