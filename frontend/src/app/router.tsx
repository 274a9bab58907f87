/// <reference types="vite/client" />
import type { ApolloClient } from '@apollo/client';
import { lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { GuestOnly } from './GuestOnly';
import { RequireAuth } from './RequireAuth';
import { adminPath } from '../features/admin/urls';
import { authPath, forgotPasswordPath, resetPasswordPath, signInPath, signUpPath, verifyEmailPath } from '../features/auth/urls';
import { dashboardPath } from '../features/dashboard/urls';
import { helpPath } from '../features/help/urls';
import { homePath } from '../features/home/urls';
import { invitationRoute } from '../features/invitations/urls';
import { locationListPath, locationRoute } from '../features/locations/urls';
import { stockCountListPath, stockCountRoute } from '../features/stock-counts/urls';
import { notFoundPath } from '../features/not-found/urls';
import { offlineChangesPath } from '../features/offline/urls';
import { productEditRoute, productListPath, productNewPath, productRoute, productTrashPath } from '../features/products/urls';
import { profileEditPath, profilePath } from '../features/profile/urls';
import { workspaceMembersPath } from '../features/workspaces/urls';
import { RootLayout } from './RootLayout';
import { SignedInTitles } from '../lib/page-titles';
import { pageTitleOf } from '../lib/usePageTitle';
import type { PreloadData } from '../lib/preload-data';

type PageModule = { default: ComponentType; preloadData?: PreloadData };

/** Every page module, loaded on demand: one chunk per page, so the sign-in screen loads only what it renders. */
const PAGE_MODULES = import.meta.glob<PageModule>('../features/*/pages/*Page.tsx');

/** What a route knows about its page: how to load it ahead of rendering, and its module (the build's key for its chunks). */
export interface PageHandle {
  preload(): Promise<unknown>;
  /** The loaded page module's `preloadData`, once `preload` has resolved. */
  preloadData(): PreloadData | undefined;
  module: string;
}

/**
 * A lazily loaded page that renders at once once preloaded: React.lazy accepts
 * any thenable, and one that calls back synchronously is read in the same
 * render instead of suspending. So the first render after `preloadRoute` shows
 * the page itself, not the loading fallback that would replace the page's
 * build-time shell for a moment.
 */
function page(feature: string, name: string): Pick<RouteObject, 'element' | 'handle'> {
  const key = `../features/${feature}/pages/${name}.tsx`;
  const load = PAGE_MODULES[key];
  if (!load) throw new Error(`No page module ${key}`);
  let loaded: PageModule | undefined;
  const preload = () => load().then((module) => (loaded = module));
  const Page = lazy(() => (loaded ? ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>) : preload()));
  const handle: PageHandle = { preload, preloadData: () => loaded?.preloadData, module: `src/features/${feature}/pages/${name}.tsx` };
  return { element: <Page />, handle };
}

/** What each signed-in screen's tab is named while its shell waits for the session check. */
const SHELL_TITLES: Record<string, string> = {
  [dashboardPath]: SignedInTitles.dashboard,
  [productListPath]: SignedInTitles.products,
  [productNewPath]: SignedInTitles.productNew,
  [productRoute]: SignedInTitles.product,
  [productEditRoute]: SignedInTitles.productEdit,
  [productTrashPath]: SignedInTitles.trash,
  [profilePath]: SignedInTitles.profile,
  [profileEditPath]: SignedInTitles.profileEdit,
  [adminPath]: SignedInTitles.admin,
  [workspaceMembersPath]: SignedInTitles.members,
  [locationListPath]: SignedInTitles.locations,
  [locationRoute]: SignedInTitles.location,
  [stockCountListPath]: SignedInTitles.stockCounts,
  [stockCountRoute]: SignedInTitles.stockCount,
  [offlineChangesPath]: SignedInTitles.offline,
};

/** The screens behind the sign-in; the build renders each one's signed-in shell ahead of time. */
const SIGNED_IN_ROUTES = [
  { path: dashboardPath, ...page('dashboard', 'DashboardPage') },
  { path: productListPath, ...page('products', 'ProductListPage') },
  { path: productNewPath, ...page('products', 'ProductCreatePage') },
  { path: productTrashPath, ...page('products', 'ProductTrashPage') },
  { path: productRoute, ...page('products', 'ProductDetailsPage') },
  { path: productEditRoute, ...page('products', 'ProductEditPage') },
  { path: profilePath, ...page('profile', 'ProfilePage') },
  { path: profileEditPath, ...page('profile', 'ProfileEditPage') },
  { path: adminPath, ...page('admin', 'AdminPage') },
  { path: workspaceMembersPath, ...page('workspaces', 'MembersPage') },
  { path: locationListPath, ...page('locations', 'LocationsPage') },
  { path: locationRoute, ...page('locations', 'LocationPage') },
  { path: stockCountListPath, ...page('stock-counts', 'StockCountsPage') },
  { path: stockCountRoute, ...page('stock-counts', 'StockCountPage') },
  { path: offlineChangesPath, ...page('offline', 'OfflineChangesPage') },
] satisfies RouteObject[];

/** Every screen's route; an unknown path redirects home. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: homePath, ...page('home', 'HomePage') },
      { path: authPath, element: <Navigate to={signInPath} replace /> },
      {
        element: <GuestOnly />,
        children: [
          { path: signInPath, ...page('auth', 'SignInPage') },
          { path: signUpPath, ...page('auth', 'SignUpPage') },
        ],
      },
      { path: forgotPasswordPath, ...page('auth', 'ForgotPasswordPage') },
      { path: resetPasswordPath, ...page('auth', 'ResetPasswordPage') },
      { path: verifyEmailPath, ...page('auth', 'VerifyEmailPage') },
      { path: invitationRoute, ...page('invitations', 'InvitationPage') },
      { path: helpPath, ...page('help', 'HelpPage') },
      { path: notFoundPath, ...page('not-found', 'NotFoundPage') },
      { element: <RequireAuth />, children: SIGNED_IN_ROUTES },
      { path: '*', element: <Navigate to={homePath} replace /> },
    ],
  },
];

/**
 * A declarative router rather than a data router: nothing here uses loaders
 * or actions, and the data router's extra code would not fit the sign-in
 * page's bundle budget.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/** Whether `path` is a screen behind the sign-in: its build-time shell is drawn signed in. */
export function isSignedInPath(path: string): boolean {
  return matchRoutes(SIGNED_IN_ROUTES, path) !== null;
}

/** The pages (with their chunks) a path renders; resolves once all are loaded. */
export function preloadRoute(path: string): Promise<unknown> {
  const matches = matchRoutes(routes, path) ?? [];
  return Promise.all(matches.map(({ route }) => (route.handle as PageHandle | undefined)?.preload()));
}

/**
 * Asks for what the page at `url` shows first, once its module is loaded (`preloadRoute`), so its
 * answers are in the cache when the first render reads it: the page is drawn with its data in
 * that one render (in slices, see main.tsx) instead of drawn loading, then drawn again in one long
 * task when each answer comes. A request that fails is left to the page, which asks again and
 * shows the failure as usual.
 */
export function preloadRouteData(client: ApolloClient, url: URL): Promise<unknown> {
  const matches = matchRoutes(routes, url.pathname) ?? [];
  return Promise.all(
    matches.map(({ route, params }) =>
      (route.handle as PageHandle | undefined)
        ?.preloadData()?.(client, { params, searchParams: url.searchParams })
        .catch(() => undefined),
    ),
  );
}

/** The page module a path renders (the build's key for its chunks), if any. */
export function pageModuleOf(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  return matches.map(({ route }) => (route.handle as PageHandle | undefined)?.module).find(Boolean);
}

/**
 * The routes the build renders into HTML ahead of time, so a visitor sees the page before
 * its script has run: the public entry pages in full, and each signed-in screen as a stored
 * session first draws it (header, side navigation, the page with its loading states).
 * `path` is the route as Express reads it; `location` the URL rendered for it.
 */
export const PRERENDERED_ROUTES: ReadonlyArray<{ path: string; location: string; signedIn: boolean; title?: string }> = [
  ...[homePath, signInPath, signUpPath, forgotPasswordPath].map((path) => ({ path, location: path, signedIn: false })),
  ...SIGNED_IN_ROUTES.map(({ path }) => ({
    path,
    location: path.replace(/:\w+/g, 'id'),
    signedIn: true,
    // The page names its shell as it renders; this name stands where it waits for its data to.
    title: pageTitleOf(SHELL_TITLES[path]),
  })),
];
