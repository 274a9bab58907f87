import { requireViewer } from '../account/viewer';
import type { RequestContext } from '../account/context';
import { runStatement } from '../db/sql';
import { toActivityItem, type ActivityItemView } from './activity-item';
import { recentActivityStatement, type ActivityRow } from './activity.queries';

export const activityService = {
  /** The signed-in caller's newest activity entries, newest first, as the dashboard shows them. */
  async recent(ctx: RequestContext): Promise<ActivityItemView[]> {
    const { user } = await requireViewer(ctx);
    const rows = await runStatement<ActivityRow>(ctx.em, recentActivityStatement(user.id));
    return rows.map(toActivityItem);
  },
};
