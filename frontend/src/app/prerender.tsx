import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { createApolloClient } from '../lib/apollo';
import type { EarlyRequests } from '../lib/early-answers/early-requests';
import { noteEarlyRequests } from '../lib/early-answers/note-early-requests';
import { EARLY_REQUESTS_ELEMENT_ID } from '../ask-early';
import { queryProfile } from '../lib/session/first-profile';
import { PrerenderedSessionContext } from '../lib/session';
import { takeRenderedTitle } from '../lib/usePageTitle';
import { preloadSignedInLinks } from './navigation';
import { AppRoutes, preloadRoute, preloadRouteData } from './router';

export { pageModuleOf, PRERENDERED_ROUTES } from './router';
export { EARLY_REQUESTS_ELEMENT_ID };

/**
 * The HTML of one route as the client's first render draws it, for the build's page
 * shells (frontend/scripts/prerender.mjs). The page (and a signed-in screen's navigation links) is loaded first so it renders in
 * full; whatever else loads lazily (the user menu) shows its fallback, as it does in
 * the browser's first frame. A signed-in screen renders as a restored session's first
 * frame does: the page with its loading states. No query runs: the session check and
 * the data wait for the browser. The title is the one the page asks for.
 *
 * Every form and control of the shell is inert until the client renders over it: typed
 * text would be lost when it does, a submit before it would be the browser's own GET, with
 * the fields (a password among them) in the address, and a pressed button (the user menu's)
 * would do nothing, its handler not yet there. A signed-in page waits for its first answers
 * before that render (main.tsx), so this lasts a round trip longer. Links stay live.
 */
export async function renderRoute(location: string, signedIn: boolean): Promise<{ html: string; title: string | undefined }> {
  await Promise.all([preloadRoute(location), signedIn && preloadSignedInLinks()]);
  const html = renderToString(
    <StrictMode>
      <PrerenderedSessionContext.Provider value={signedIn}>
        <ApolloProvider client={createApolloClient()}>
          <StaticRouter location={location}>
            <AppRoutes />
          </StaticRouter>
        </ApolloProvider>
      </PrerenderedSessionContext.Provider>
    </StrictMode>,
  );
  return { html: inertControls(html), title: takeRenderedTitle() };
}

/** React writes each of these elements as `<name` followed by its attributes or `>`; text never holds a raw `<`. */
function inertControls(html: string): string {
  return html.replace(/<(form|button|input|select|textarea)(?=[\s>])/g, '<$1 inert=""');
}

/** What a signed-in screen's HTML asks before the app has loaded: the very requests main.tsx sends first on `path`. */
export async function earlyRequestsFor(path: string): Promise<EarlyRequests> {
  await preloadRoute(path);
  return noteEarlyRequests(
    path,
    (client) => preloadRouteData(client, new URL(path, 'http://build.invalid')),
    (client) => queryProfile(client),
  );
}
