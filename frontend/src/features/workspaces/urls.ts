import { workspaceMembersPath } from '../../lib/urls';

/** The chosen workspace's members page (linked from the header's workspace menu). */
export { workspaceMembersPath };
