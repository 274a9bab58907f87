/*
 * The ledger position in SQL, a public file of the stock module: the stock
 * answers, the count ledger and the stock counts' scope read all name a
 * place's position the same way.
 */

/**
 * A place's ledger position: the id of the product's newest movement at the location ('0' when none was
 * recorded; movement ids only grow), read backwards along the product's movements. `place` names a row with
 * product_id, location_id and workspace_id columns.
 */
export const ledgerPositionOf = (place: string) =>
  `coalesce((SELECT max(m.id) FROM stock_movements AS m WHERE m.product_id = ${place}.product_id AND m.location_id = ${place}.location_id AND m.workspace_id = ${place}.workspace_id), 0)::text`;
