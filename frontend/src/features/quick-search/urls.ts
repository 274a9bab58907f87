/** The quick search has no page of its own; it links to these. */
export { adminPath, dashboardPath, helpPath, locationListPath, productListPath, productNewPath, productPath, profileEditPath, stockCountListPath, workspaceMembersPath } from '../../lib/urls';
