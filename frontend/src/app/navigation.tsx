import { BoxIcon, DashboardIcon, HomeIcon, PersonIcon } from '@blueprintjs/icons';
import type { NavItem } from '../components/AppHeader';

/**
 * Section 2 navigation. Blueprint has no "inventory" icon; "box" (a
 * packed carton) is the closest. Icons are imported as components so no
 * icon-path chunk is fetched at run time.
 */
export const SIGNED_IN_LINKS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: <DashboardIcon /> },
  { label: 'Products', path: '/products', icon: <BoxIcon /> },
  { label: 'Profile', path: '/profile/edit', icon: <PersonIcon /> },
];

export const SIGNED_OUT_LINKS: readonly NavItem[] = [{ label: 'Home', path: '/', icon: <HomeIcon /> }];

export const FOOTER = {
  year: 2024,
  company: 'Stockroom Inc.',
  badges: ['React', 'GraphQL', 'TypeScript', 'PostgreSQL'],
} as const;
