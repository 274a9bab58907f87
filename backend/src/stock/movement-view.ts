import type { StockMovementView } from './stock-movement.types';

/** A movement as the ledger's statements read it (stock-movement.queries.ts): who and where still flat. */
export interface MovementRow extends Omit<StockMovementView, 'createdAt' | 'user' | 'location' | 'ledgerPosition'> {
  createdAt: string | Date;
  userId: string | null;
  userFullName: string | null;
  locationId: string | null;
  locationName: string | null;
}

/** A movement as both transports send it: who and where nested, and its id as the ledger position it marks. */
export const movementFromRow = <R extends MovementRow>({ userId, userFullName, createdAt, locationId, locationName, ...row }: R) => ({
  ...row,
  ledgerPosition: row.id,
  createdAt: new Date(createdAt),
  user: userId === null ? null : { id: userId, fullName: userFullName ?? '' },
  location: locationId === null ? null : { id: locationId, name: locationName ?? '' },
});
