import { BoxIcon, DashboardIcon, MapMarkerIcon, PersonIcon, ShieldIcon, TickIcon } from '@blueprintjs/icons';
import { ROLES } from '@stockroom/schema';
import type { NavItem } from '../components/AppHeader';
import { adminPath } from '../features/admin/urls';
import { dashboardPath } from '../features/dashboard/urls';
import { locationListPath } from '../features/locations/urls';
import { stockCountListPath } from '../features/stock-counts/urls';
import { productListPath } from '../features/products/urls';
import { profileEditPath } from '../features/profile/urls';

/**
 * The header and side navigation links of the signed-in. Blueprint has no "inventory" icon; "box"
 * (a packed carton) is the closest; stock counts take the tick. Icons are imported as components
 * so no icon-path chunk is fetched at run time. A chunk of its own (navigation.tsx loads it), with
 * its icons: the sign-in page's first load goes without them.
 */
export const SIGNED_IN_LINKS: readonly NavItem[] = [
  { label: 'Dashboard', path: dashboardPath, icon: <DashboardIcon /> },
  { label: 'Products', path: productListPath, icon: <BoxIcon /> },
  { label: 'Locations', path: locationListPath, icon: <MapMarkerIcon />, sideOnly: true },
  { label: 'Stock counts', path: stockCountListPath, icon: <TickIcon />, sideOnly: true },
  { label: 'Profile', path: profileEditPath, icon: <PersonIcon /> },
];

const ADMIN_LINK: NavItem = { label: 'Admin', path: adminPath, icon: <ShieldIcon /> };
const ADMIN_LINKS: readonly NavItem[] = [...SIGNED_IN_LINKS, ADMIN_LINK];

/**
 * The signed-in links for a role: admins also get Admin. Only a convenience:
 * the server refuses a member's admin calls whatever the client shows.
 */
export const signedInLinks = (role: string): readonly NavItem[] => (role === ROLES.admin ? ADMIN_LINKS : SIGNED_IN_LINKS);
