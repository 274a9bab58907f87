import type { RequestContext } from '../account/context';
import { requireMember } from '../account/workspace-access';
import type { LocationFigures } from '../locations/location.service';
import { locationFiguresStatement } from './location-figures.queries';

/** Each request's figures, read once however many of its locations ask (GraphQL resolves them location by location). */
const figuresOfRequest = new WeakMap<RequestContext, Promise<Map<string, LocationFigures>>>();

/** What the workspace's locations hold, for the Locations page: stock is this module's, the tree the locations module's. */
export const locationFiguresService = {
  /**
   * Every location of the request's workspace with the live products stocked
   * there or below (`itemCount`) and their value at today's prices
   * (`stockValue`); members read them. Another workspace's stock never counts.
   */
  all(ctx: RequestContext): Promise<Map<string, LocationFigures>> {
    let figures = figuresOfRequest.get(ctx);
    if (!figures) {
      figures = (async () => {
        const { workspaceId } = await requireMember(ctx, 'readProducts');
        const rows = await ctx.sql.query<LocationFigures & { id: string }>(locationFiguresStatement(workspaceId));
        return new Map(rows.map(({ id, itemCount, stockValue }) => [id, { itemCount, stockValue }]));
      })();
      figuresOfRequest.set(ctx, figures);
      // A refusal is not kept: the next ask tries again and is refused in its own words.
      figures.catch(() => figuresOfRequest.delete(ctx));
    }
    return figures;
  },
};
