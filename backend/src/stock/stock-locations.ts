import type { RequestContext } from '../account/context';
import { deletedLocationErrorOf, LocationNotFoundError } from '../locations/location.errors';
import { locationService, optionalIdOf } from '../locations/location.service';

/** A stock change's location: an id, or null for the workspace's default one. */
export function locationOfRequest(input: { locationId?: unknown }): string | null {
  return optionalIdOf(input.locationId, 'locationId');
}

/** Locations a write named that matched nothing are the workspace's, or 'Location not found'. */
export async function requireLocations(ctx: RequestContext, ids: string[]): Promise<void> {
  const known = new Set((await locationService.list(ctx)).map((location) => location.id));
  if (!ids.every((id) => known.has(id))) throw new LocationNotFoundError();
}

/** Runs a stock write, turning a location deleted while it ran into 'Location not found'. */
export async function refusingDeletedLocation<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw deletedLocationErrorOf(error) ?? error;
  }
}
