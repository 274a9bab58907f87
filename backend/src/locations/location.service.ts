import { GeneralMessages, isUuid, LOCATION_DEPTH_MAX, LocationFields, validateFields } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { requireMember } from '../account/workspace-access';
import { assertValid, canonicalId, ValidationError } from '../common/errors';
import type { SqlPool } from '../db/sql';
import {
  DefaultLocationDeleteError,
  duplicateLocationCodeErrorOf,
  LocationCycleError,
  LocationHoldsStockError,
  LocationNotFoundError,
  LocationTooDeepError,
} from './location.errors';
import {
  deleteLocationStatement,
  insertLocationStatement,
  locationHoldsStockStatement,
  locationStatement,
  locationTreeStatement,
  lockLocationStatement,
  lockTreeStatement,
  moveChildrenUpStatement,
  subtreeStatement,
  updateLocationStatement,
} from './location.queries';

/** A location as both transports send it. */
export interface LocationView {
  id: string;
  name: string;
  code: string | null;
  parentId: string | null;
  /** Its ancestors' names and its own: "Back room / Shelf B3". */
  path: string;
  isDefault: boolean;
}

/** What a location holds, its sub-locations counted in (the stock module works them out). */
export interface LocationFigures {
  /** Live products with stock there, each once. */
  itemCount: number;
  /** Sum of quantity x price of that stock. */
  stockValue: number;
}

/** A location holding nothing. */
export const NO_FIGURES: LocationFigures = { itemCount: 0, stockValue: 0 };

/** A location as a transport parsed it; the service applies the rules. */
export type LocationRequest = {
  name?: unknown;
  code?: unknown;
  parentId?: unknown;
};

type LocationRow = LocationView & { depth: number };

const viewOf = ({ depth: _depth, ...view }: LocationRow): LocationView => view;

/** A text trimmed; blank or null is null. */
const trimmedOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** An id the request names in `field`, in the spelling the database returns; left out or null is none, anything but an id (a blank too) 'Invalid ID format'. */
export function optionalIdOf(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (!isUuid(value)) throw new ValidationError({ [field]: GeneralMessages.invalidId });
  return value.toLowerCase();
}

/** A location and every location below it, from the workspace's tree as `list` reads it. */
export function subtreeOf(locations: Array<Pick<LocationView, 'id' | 'parentId'>>, rootId: string): Set<string> {
  const below = new Set([rootId]);
  // Grown until nothing is added: a pass per level at most, and a tree is a few levels deep.
  for (let grown = true; grown; ) {
    grown = false;
    for (const location of locations) {
      if (location.parentId && below.has(location.parentId) && !below.has(location.id)) {
        below.add(location.id);
        grown = true;
      }
    }
  }
  return below;
}

async function locationOf(sql: SqlPool, id: string, workspaceId: string): Promise<LocationRow> {
  const [row] = await sql.query<LocationRow>(locationStatement(id, workspaceId));
  if (!row) throw new LocationNotFoundError();
  return row;
}

/**
 * The parent a location may take: one of the workspace's (another's is
 * 'Location not found'), not the location
 * itself nor below it, and not so deep that the location's subtree passes
 * the depth limit.
 */
async function checkParent(sql: SqlPool, workspaceId: string, parentId: string, moving?: string): Promise<void> {
  const parent = await locationOf(sql, parentId, workspaceId);
  let height = 0;
  if (moving) {
    const below = await sql.query<{ id: string; depth: number }>(subtreeStatement(moving, workspaceId));
    if (below.some((location) => location.id === parentId)) throw new LocationCycleError();
    height = Math.max(0, ...below.map((location) => location.depth));
  }
  if (parent.depth + 1 + height > LOCATION_DEPTH_MAX) throw new LocationTooDeepError();
}

/** Runs a write, turning a code another location of the workspace has into its 409. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw duplicateLocationCodeErrorOf(error) ?? error;
  }
}

/** The places where a workspace keeps stock, as a tree: members read them, editors and above manage them. */
export const locationService = {
  /** Every location of the request's workspace with its path, in the order of their paths. */
  async list(ctx: RequestContext): Promise<LocationView[]> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    return (await ctx.sql.query<LocationRow>(locationTreeStatement(workspaceId))).map(viewOf);
  },

  /** One location of the request's workspace; another workspace's is 'Location not found'. */
  async get(ctx: RequestContext, rawId: unknown): Promise<LocationView> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    return viewOf(await locationOf(ctx.sql, canonicalId(rawId), workspaceId));
  },

  /** The ids of one location of the request's workspace and of every location below it; another workspace's is 'Location not found'. */
  async subtreeIds(ctx: RequestContext, rawId: unknown): Promise<string[]> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const rows = await ctx.sql.query<{ id: string; depth: number }>(subtreeStatement(canonicalId(rawId), workspaceId));
    if (rows.length === 0) throw new LocationNotFoundError();
    return rows.map((row) => row.id);
  },

  /** A new location, at the top or inside `parentId` (editors and above); a code the workspace has is a 409. */
  async create(ctx: RequestContext, input: LocationRequest): Promise<LocationView> {
    const { workspaceId } = await requireMember(ctx, 'manageLocations');
    assertValid(validateFields(LocationFields, input));
    const parentId = optionalIdOf(input.parentId, 'parentId');
    return ctx.sql.transaction(async (tx) => {
      await tx.query(lockTreeStatement(workspaceId));
      if (parentId) await checkParent(tx, workspaceId, parentId);
      const [row] = await withUniqueCode(() => tx.query<{ id: string }>(insertLocationStatement(workspaceId, String(input.name).trim(), trimmedOrNull(input.code), parentId)));
      return viewOf(await locationOf(tx, row.id, workspaceId));
    });
  },

  /**
   * Renames, recodes or moves a location (editors and above): each field
   * sent changes, the others stay; `parentId` null moves it to the top. A
   * parent inside the location itself is a 400.
   */
  async update(ctx: RequestContext, rawId: unknown, input: LocationRequest): Promise<LocationView> {
    const { workspaceId } = await requireMember(ctx, 'manageLocations');
    const id = canonicalId(rawId);
    const rules = { ...(input.name !== undefined ? { name: LocationFields.name } : {}), code: LocationFields.code };
    assertValid(validateFields(rules, input));
    const parentId = input.parentId === undefined ? undefined : optionalIdOf(input.parentId, 'parentId');
    return ctx.sql.transaction(async (tx) => {
      await tx.query(lockTreeStatement(workspaceId));
      await locationOf(tx, id, workspaceId);
      if (parentId) await checkParent(tx, workspaceId, parentId, id);
      const changes = {
        name: input.name === undefined ? undefined : String(input.name).trim(),
        code: input.code === undefined ? undefined : trimmedOrNull(input.code),
        parentId,
      };
      await withUniqueCode(() => tx.query(updateLocationStatement(id, workspaceId, changes)));
      return viewOf(await locationOf(tx, id, workspaceId));
    });
  },

  /**
   * Deletes a location that holds no stock (editors and above); its
   * sub-locations move up to its parent, its past movements stay in the
   * ledger without it. The default location is never deleted.
   */
  async remove(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { workspaceId } = await requireMember(ctx, 'manageLocations');
    const id = canonicalId(rawId);
    return ctx.sql.transaction(async (tx) => {
      await tx.query(lockTreeStatement(workspaceId));
      const [row] = await tx.query<{ parentId: string | null; isDefault: boolean }>(lockLocationStatement(id, workspaceId));
      if (!row) throw new LocationNotFoundError();
      if (row.isDefault) throw new DefaultLocationDeleteError();
      const [{ holdsStock }] = await tx.query<{ holdsStock: boolean }>(locationHoldsStockStatement(id));
      if (holdsStock) throw new LocationHoldsStockError();
      await tx.query(moveChildrenUpStatement(id, row.parentId, workspaceId));
      await tx.query(deleteLocationStatement(id, workspaceId));
      return id;
    });
  },
};
