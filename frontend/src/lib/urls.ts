/**
 * The pages that are linked from outside their own feature: from the shell,
 * the session, or another feature. Features never import one another, so a
 * link to another feature's page comes from here; a link to a feature's own
 * page comes from that feature's urls.ts, which re-exports its paths from
 * here beside the ones only it links to. Each path is spelled once.
 */

export const homePath = '/';

export const authPath = '/auth';
// The server sends a refused single sign-on back to it, so the schema package spells it.
export { signInPath } from '@stockroom/schema';
export const signUpPath = `${authPath}/signup`;
export const forgotPasswordPath = `${authPath}/forgot-password`;

export const dashboardPath = '/dashboard';

export const productListPath = '/products';
export const productNewPath = `${productListPath}/new`;
/** The list filtered to Low Stock, as the list itself writes it in the URL. */
export const lowStockListPath = `${productListPath}?stockStatus=low`;
/** The list filtered to what is out of stock (which Low Stock leaves out). */
export const outOfStockListPath = `${productListPath}?inStock=false`;
/** The list searched for `text`, as the list itself writes its search in the URL. */
export const productSearchPath = (text: string) => `${productListPath}?search=${encodeURIComponent(text)}`;
/** One product's page; with its workspace, the link opens it there for any member (a link shared with a teammate). */
export const productPath = (id: string, workspaceId?: string) => inWorkspace(`${productListPath}/${encodeURIComponent(id)}`, workspaceId);

/** The query parameter naming the workspace a link's page belongs to. */
export const WORKSPACE_PARAM = 'workspace';

/** A page's path that names its workspace, so the link opens it there for any member; the path alone without one. */
function inWorkspace(path: string, workspaceId: string | undefined): string {
  return workspaceId ? `${path}?${WORKSPACE_PARAM}=${encodeURIComponent(workspaceId)}` : path;
}

/** The workspace's places for stock, as a tree. */
export const locationListPath = '/locations';
/** One location's page: what is there (linked from a product's "Where it is"); with its workspace, as productPath. */
export const locationPath = (id: string, workspaceId?: string) => inWorkspace(`${locationListPath}/${encodeURIComponent(id)}`, workspaceId);

/** The workspace's stocktake sessions. */
export const stockCountListPath = '/stock-counts';

/** The chosen workspace's members, roles and settings. */
export const workspaceMembersPath = '/workspace/members';

export const profileEditPath = '/profile/edit';

export const helpPath = '/help';

export const adminPath = '/admin';

/** The changes recorded on this device and not yet on the server (or refused by it), and the local copy of the products. */
export const offlineChangesPath = '/offline';
