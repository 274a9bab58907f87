import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { dashboardService } from './dashboard.service';
import { Dashboard } from './dashboard.types';

@Resolver(() => Dashboard)
export class DashboardResolver {
  @Query(() => Dashboard, { description: "The signed-in user's dashboard: overview, recent activity, features and the inventory charts" })
  dashboard(@Ctx() ctx: RequestContext) {
    return dashboardService.get(ctx);
  }
}
