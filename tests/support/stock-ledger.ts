import type { TestApp } from './test-app';

/**
 * The stock ledger's invariants over the whole database, as
 * tests/integration/stock-ledger.test.ts and locations.test.ts state them:
 * each returns the rows that break them, so a test expects `[]`.
 */

/**
 * Products whose movements do not add up: their sum differs from the
 * quantity, the newest movement's quantityAfter does, or a quantityAfter is
 * not the running sum of the movements up to it.
 */
export function brokenLedgers(app: TestApp): Promise<unknown[]> {
  return app.sql(`
    WITH running AS (
      SELECT product_id, id, quantity_after, sum(delta) OVER (PARTITION BY product_id ORDER BY id) AS running_sum,
        row_number() OVER (PARTITION BY product_id ORDER BY id DESC) AS newest
      FROM stock_movements)
    SELECT p.id, p.quantity FROM products AS p
    WHERE (SELECT sum(delta) FROM stock_movements WHERE product_id = p.id) IS DISTINCT FROM p.quantity
      OR (SELECT quantity_after FROM running WHERE product_id = p.id AND newest = 1) IS DISTINCT FROM p.quantity
      OR EXISTS (SELECT 1 FROM running WHERE product_id = p.id AND running_sum <> quantity_after)`);
}

/**
 * Levels that do not add up: a (product, location) level that is not the sum
 * of the product's movements there or is below 0, a product whose quantity is
 * not the sum of its levels, movements at a location where it has no level.
 */
export function brokenLevels(app: TestApp): Promise<unknown[]> {
  return app.sql(`
    SELECT 'level' AS what, s.product_id, s.location_id, s.quantity FROM stock_levels AS s
    WHERE s.quantity <> (SELECT coalesce(sum(delta), 0) FROM stock_movements AS m WHERE m.product_id = s.product_id AND m.location_id = s.location_id) OR s.quantity < 0
    UNION ALL
    SELECT 'product', p.id, NULL, p.quantity FROM products AS p WHERE p.quantity <> (SELECT coalesce(sum(quantity), 0) FROM stock_levels AS s WHERE s.product_id = p.id)
    UNION ALL
    SELECT 'movement without level', m.product_id, m.location_id, sum(m.delta)::int FROM stock_movements AS m
    WHERE m.location_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stock_levels AS s WHERE s.product_id = m.product_id AND s.location_id = m.location_id)
    GROUP BY m.product_id, m.location_id HAVING sum(m.delta) <> 0`);
}
