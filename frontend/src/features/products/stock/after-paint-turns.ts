/**
 * The product page's requests after its first paint, in the order they start, one per task
 * (useAfterPaint's `turn`): started together, their queries and the renders they cause were one
 * long task on a slow phone, which held up a tap on the page for its whole length.
 */
export const AFTER_PAINT_TURNS = { levels: 0, choices: 1, history: 2, chart: 3 } as const;
