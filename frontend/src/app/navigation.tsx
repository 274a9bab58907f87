import { HomeIcon } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import type { NavItem } from '../components/AppHeader';
import { homePath } from '../features/home/urls';

type SignedInLinksModule = typeof import('./signed-in-links');

let loaded: SignedInLinksModule | undefined;

/**
 * Fetches the signed-in links (signed-in-links.tsx, with their icons). Only a signed-in shell draws
 * them, so the signed-out pages' first load carries none of them; main.tsx fetches them with a
 * signed-in screen's page, whose build-time shell names their script, so that screen's first
 * render draws them at once.
 */
export const preloadSignedInLinks = () => import('./signed-in-links').then((module) => (loaded = module));

/**
 * The signed-in links for a role, once their code has come; until then (just signed in, a public
 * page of a stored session) none, and their code is asked for.
 */
export function useSignedInLinks(signedIn: boolean, role: string): readonly NavItem[] | undefined {
  const [links, setLinks] = useState(() => loaded);
  useEffect(() => {
    if (!signedIn || links) return undefined;
    let live = true;
    // In a task of its own: React may run this effect in the same task as the render that drew the
    // shell without them (a redirect's render does), and the render should be done before the fetch starts.
    const timer = window.setTimeout(() =>
      preloadSignedInLinks()
        .then((module) => live && setLinks(module))
        // Offline: the next signed-in render asks again.
        .catch(() => undefined),
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [signedIn, links]);
  return links?.signedInLinks(role);
}

export const SIGNED_OUT_LINKS: readonly NavItem[] = [{ label: 'Home', path: homePath, icon: <HomeIcon /> }];

export const FOOTER = {
  year: 2024,
  company: 'Stockroom Inc.',
  badges: ['React', 'GraphQL', 'TypeScript', 'PostgreSQL'],
} as const;
