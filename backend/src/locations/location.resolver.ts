import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { locationService } from './location.service';
import { CreateLocationInput, LocationType, UpdateLocationInput } from './location.types';

/** GraphQL adapter over locationService: the request's workspace's locations. */
@Resolver(() => LocationType)
export class LocationResolver {
  @Query(() => [LocationType], { description: "The workspace's locations with their paths, in the order of their paths" })
  locations(@Ctx() ctx: RequestContext) {
    return locationService.list(ctx);
  }

  @Query(() => LocationType, { description: 'One location of the workspace' })
  location(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return locationService.get(ctx, id);
  }

  @Mutation(() => LocationType, { description: 'Creates a location (editors and above); a code the workspace has is a conflict' })
  createLocation(@Arg('input') input: CreateLocationInput, @Ctx() ctx: RequestContext) {
    return locationService.create(ctx, input);
  }

  @Mutation(() => LocationType, { description: 'Renames, recodes or moves a location (editors and above)' })
  updateLocation(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateLocationInput, @Ctx() ctx: RequestContext) {
    return locationService.update(ctx, id, input);
  }

  @Mutation(() => ID, { description: 'Deletes a location holding no stock (editors and above); its sub-locations move up. Answers its id' })
  deleteLocation(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return locationService.remove(ctx, id);
  }
}
