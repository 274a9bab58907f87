import { requireCaller } from '../account/viewer';
import { requireMember } from '../account/workspace-access';
import type { RequestContext } from '../account/context';
import { runStatement } from '../db/sql';
import { toActivityItem, type ActivityItemView } from './activity-item';
import { hasSignedInStatement, recentActivityStatement, type RecentActivityRow } from './activity.queries';

export const activityService = {
  /** The newest activity entries of the request's workspace, newest first, as the dashboard shows them. */
  async recent(ctx: RequestContext): Promise<ActivityItemView[]> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const rows = await runStatement<RecentActivityRow>(ctx.em, recentActivityStatement(workspaceId));
    return rows.map(toActivityItem);
  },

  /** Whether the caller has signed in since creating the account: a first visit is greeted differently from a return. */
  async hasSignedIn(ctx: RequestContext): Promise<boolean> {
    const { user } = await requireCaller(ctx, 'read');
    const rows = await runStatement<{ signedIn: boolean }>(ctx.em, hasSignedInStatement(user.id));
    return rows[0]?.signedIn === true;
  },
};
