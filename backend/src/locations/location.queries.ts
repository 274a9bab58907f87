import { LOCATION_PATH_SEPARATOR } from '@stockroom/schema';
import type { Statement } from '../db/sql';

/** The SQL of a workspace's locations. A location's path is its ancestors' names and its own, read from the tree. */

const SEPARATOR = `'${LOCATION_PATH_SEPARATOR}'`;

/** Every location of the workspace with its path and depth (1 at the top), in the order of their paths. */
export function locationTreeStatement(workspaceId: string): Statement {
  return {
    sql: `WITH RECURSIVE tree AS (
        SELECT id, name, code, parent_id, is_default, name::text AS path, 1 AS depth FROM locations WHERE workspace_id = ? AND parent_id IS NULL
        UNION ALL
        SELECT l.id, l.name, l.code, l.parent_id, l.is_default, t.path || ${SEPARATOR} || l.name, t.depth + 1
        FROM locations AS l JOIN tree AS t ON l.parent_id = t.id WHERE l.workspace_id = ?)
      SELECT id, name, code, parent_id AS "parentId", path, is_default AS "isDefault", depth FROM tree ORDER BY lower(path), id`,
    values: [workspaceId, workspaceId],
  };
}

/** One location of the workspace with its path and depth; no row when it is missing or another workspace's. */
export function locationStatement(id: string, workspaceId: string): Statement {
  return {
    sql: `WITH RECURSIVE up AS (
        SELECT id, parent_id, name, 0 AS n FROM locations WHERE id = ? AND workspace_id = ?
        UNION ALL
        SELECT l.id, l.parent_id, l.name, up.n + 1 FROM locations AS l JOIN up ON l.id = up.parent_id)
      SELECT l.id, l.name, l.code, l.parent_id AS "parentId", l.is_default AS "isDefault",
        (SELECT string_agg(name, ${SEPARATOR} ORDER BY n DESC) FROM up) AS path, (SELECT count(*)::int FROM up) AS depth
      FROM locations AS l WHERE l.id = ? AND l.workspace_id = ?`,
    values: [id, workspaceId, id, workspaceId],
  };
}

/**
 * A location of the workspace and every location below it, each with its depth under it (0 for the location
 * itself); no row when it is missing or another workspace's.
 */
export function subtreeStatement(id: string, workspaceId: string): Statement {
  return {
    sql: `WITH RECURSIVE down AS (SELECT id, 0 AS depth FROM locations WHERE id = ? AND workspace_id = ?
        UNION ALL SELECT l.id, down.depth + 1 FROM locations AS l JOIN down ON l.parent_id = down.id)
      SELECT id, depth FROM down`,
    values: [id, workspaceId],
  };
}

export function insertLocationStatement(workspaceId: string, name: string, code: string | null, parentId: string | null): Statement {
  return {
    sql: 'INSERT INTO locations (id, workspace_id, name, code, parent_id) VALUES (gen_random_uuid(), ?, ?, ?, ?) RETURNING id',
    values: [workspaceId, name, code, parentId],
  };
}

/** Sets the given columns of a workspace's location; `parentId` null puts it at the top. */
export function updateLocationStatement(id: string, workspaceId: string, changes: { name?: string; code?: string | null; parentId?: string | null }): Statement {
  const columns = { name: 'name', code: 'code', parentId: 'parent_id' } as const;
  const given = (Object.keys(columns) as Array<keyof typeof columns>).filter((key) => changes[key] !== undefined);
  const sets = given.length ? given.map((key) => `${columns[key]} = ?`) : ['name = name'];
  return { sql: `UPDATE locations SET ${sets.join(', ')} WHERE id = ? AND workspace_id = ? RETURNING id`, values: [...given.map((key) => changes[key]), id, workspaceId] };
}

/** Holds a workspace's tree still for the rest of the transaction: two moves at once cannot make a loop between them. */
export function lockTreeStatement(workspaceId: string): Statement {
  return { sql: `SELECT pg_advisory_xact_lock(hashtext('locations:' || ?::text)) AS locked`, values: [workspaceId] };
}

/** The location, locked until the end of the transaction: a stock write naming it waits, and is then refused as a missing location. */
export function lockLocationStatement(id: string, workspaceId: string): Statement {
  return {
    sql: `SELECT l.parent_id AS "parentId", l.is_default AS "isDefault" FROM locations AS l WHERE l.id = ? AND l.workspace_id = ? FOR UPDATE`,
    values: [id, workspaceId],
  };
}

/**
 * Whether stock is at the location. Read after lockLocationStatement, in a
 * statement of its own: the lock waits for the stock writes already holding
 * the location, and only a statement begun after the wait sees what they
 * committed.
 */
export function locationHoldsStockStatement(id: string): Statement {
  return { sql: 'SELECT EXISTS (SELECT 1 FROM stock_levels WHERE location_id = ? AND quantity <> 0) AS "holdsStock"', values: [id] };
}

/** A location's sub-locations move up to its parent (null: to the top). */
export function moveChildrenUpStatement(id: string, parentId: string | null, workspaceId: string): Statement {
  return { sql: 'UPDATE locations SET parent_id = ? WHERE parent_id = ? AND workspace_id = ?', values: [parentId, id, workspaceId] };
}

export function deleteLocationStatement(id: string, workspaceId: string): Statement {
  return { sql: 'DELETE FROM locations WHERE id = ? AND workspace_id = ? RETURNING id', values: [id, workspaceId] };
}
