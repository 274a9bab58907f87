import { Ctx, FieldResolver, Float, Int, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { NO_FIGURES, type LocationView } from '../locations/location.service';
import { LocationType } from '../locations/location.types';
import { locationFiguresService } from './location-figures.service';

/** GraphQL's Location, given what is stocked there: the stock module's fields on the locations module's type. */
@Resolver(() => LocationType)
export class LocationFiguresResolver {
  @FieldResolver(() => Int, { description: 'How many live products have stock here or in its sub-locations, each counted once' })
  async itemCount(@Root() location: LocationView, @Ctx() ctx: RequestContext) {
    return ((await locationFiguresService.all(ctx)).get(location.id) ?? NO_FIGURES).itemCount;
  }

  @FieldResolver(() => Float, { description: 'Sum of quantity x price of the stock here and in its sub-locations, live products only' })
  async stockValue(@Root() location: LocationView, @Ctx() ctx: RequestContext) {
    return ((await locationFiguresService.all(ctx)).get(location.id) ?? NO_FIGURES).stockValue;
  }
}
