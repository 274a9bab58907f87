import { Ctx, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../auth/viewer';
import type { RequestContext } from '../common/context';
import { User } from './user.entity';

@Resolver(() => User)
export class UserResolver {
  @Query(() => User, { description: 'The signed-in user' })
  async me(@Ctx() ctx: RequestContext) {
    return (await requireViewer(ctx)).user;
  }
}
