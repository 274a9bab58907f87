import type { RequestContext } from '../account/context';
import { requireMember } from '../account/workspace-access';
import type { LocationFigures } from '../locations/location.service';
import { CountCache } from '../common/count-cache';
import { locationFiguresStatement, locationFiguresVersionStatement } from './location-figures.queries';

type Figures = Map<string, LocationFigures>;

/**
 * Each workspace's figures with the version they were read at: the aggregate reads every stock level of the
 * workspace with its product, so a Locations page opened again with nothing written since reads one small row
 * instead. Keyed by the database's state, it is right across instances.
 */
const figuresByWorkspace = new CountCache<Figures>(1_000);

/** Each request's figures, read once however many of its locations ask (GraphQL resolves them location by location). */
const figuresOfRequest = new WeakMap<RequestContext, Promise<Figures>>();

async function readFigures(ctx: RequestContext, workspaceId: string): Promise<Figures> {
  const [{ version }] = await ctx.sql.query<{ version: string }>(locationFiguresVersionStatement(workspaceId));
  const kept = figuresByWorkspace.get(workspaceId, version);
  if (kept) return kept;
  const rows = await ctx.sql.query<LocationFigures & { id: string }>(locationFiguresStatement(workspaceId));
  const figures = new Map(rows.map(({ id, itemCount, stockValue }) => [id, { itemCount, stockValue }]));
  figuresByWorkspace.set(workspaceId, version, figures);
  return figures;
}

/** What the workspace's locations hold, for the Locations page: stock is this module's, the tree the locations module's. */
export const locationFiguresService = {
  /**
   * Every location of the request's workspace with the live products stocked
   * there or below (`itemCount`) and their value at today's prices
   * (`stockValue`); members read them. Another workspace's stock never counts.
   */
  all(ctx: RequestContext): Promise<Figures> {
    let figures = figuresOfRequest.get(ctx);
    if (!figures) {
      figures = (async () => {
        const { workspaceId } = await requireMember(ctx, 'readProducts');
        return readFigures(ctx, workspaceId);
      })();
      figuresOfRequest.set(ctx, figures);
      // A refusal is not kept: the next ask tries again and is refused in its own words.
      figures.catch(() => figuresOfRequest.delete(ctx));
    }
    return figures;
  },
};
