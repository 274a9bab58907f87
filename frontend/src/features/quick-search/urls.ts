/** The quick search has no page of its own; it links to these. */
export { adminPath, dashboardPath, helpPath, productListPath, productNewPath, productPath, profileEditPath } from '../../lib/urls';
