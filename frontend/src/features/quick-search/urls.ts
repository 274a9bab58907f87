/** The quick search has no page of its own; it links to these. */
export { adminPath, dashboardPath, helpPath, locationListPath, productListPath, productNewPath, productPath, profileEditPath, workspaceMembersPath } from '../../lib/urls';
