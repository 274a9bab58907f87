import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import type { ApolloClient } from '@apollo/client';
import { isSignedInPath, preloadRoute, preloadRouteData } from './app/router';
import { preloadSignedInLinks } from './app/navigation';
import { preloadWorkspaceSwitcher } from './app/WorkspaceSwitcherSlot';
import { askOneByOne } from './lib/preload-data';
import { dropEarlyAnswers } from './lib/early-answers/take-early-answer';
import { createApolloClient } from './lib/apollo';
import { unexpiredStoredToken } from './lib/session/auth-flows';
import { askFirstProfile } from './lib/session/first-profile';
import { getBrowserStorages } from './lib/session/storage';
import { registerServiceWorker } from './lib/register-service-worker';
import { startTheme } from './lib/theme';

/**
 * How long the first render waits for the page's first answers. They usually come in tens of
 * milliseconds; a slower server gets the page drawn loading after this, and its answers drawn
 * when they come, as without the wait.
 */
const FIRST_DATA_WAIT_MS = 1000;

const waitAtMost = (ms: number, work: Promise<unknown>) => Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))]);

// React's renderer and the app's root are a chunk of their own, asked for at once (the HTML preloads it): it is evaluated in a
// task of its own, after this one, instead of adding to the one long task that evaluates every script the page starts with.
const rendering = import('./app/render-app');

// Before the first render, so a dark system never sees a light page flash first.
startTheme();

const token = unexpiredStoredToken(getBrowserStorages().local, Date.now());

/**
 * For a stored session: the page's first answers and the user's profile, each asked for in a task of its own.
 * With no network only the profile is waited for (it comes from the device's copy of the account): the page's
 * reads cannot be answered, and their retries would hold the first render for all of FIRST_DATA_WAIT_MS.
 */
const askFirstAnswers = (client: ApolloClient, token: string) =>
  navigator.onLine === false
    ? askFirstProfile(client, token)
    : askOneByOne([() => preloadRouteData(client, new URL(window.location.href)), () => askFirstProfile(client, token)]);

// The page's module (preloaded by the HTML) is loaded before the first render, so that render
// shows the page and replaces the build-time shell in place rather than with a spinner first;
// for a stored session, so are the page's first answers and the user's profile (and on a
// signed-in screen the header's workspace switcher and the navigation's links), while the shell stays on screen. A chunk that fails to load is left to the route's own lazy loading to report.
// The route is matched (which flattens and ranks every route) and the client made in tasks after
// the scripts' evaluation, so as not to add to that long task.
void new Promise((resolve) => setTimeout(resolve))
  .then(() => {
    const signedInScreen = token !== null && isSignedInPath(window.location.pathname);
    return Promise.all([preloadRoute(window.location.pathname), signedInScreen && preloadWorkspaceSwitcher(), signedInScreen && preloadSignedInLinks()]);
  })
  .catch(() => undefined)
  .then(async () => {
    const client = createApolloClient();
    if (token !== null) await waitAtMost(FIRST_DATA_WAIT_MS, askFirstAnswers(client, token));
    // The first answers have been asked for, and those the page's HTML sent early (src/ask-early.ts) taken.
    dropEarlyAnswers();
    const { renderApp } = await rendering;
    renderApp(client);
    // The installable app: its worker keeps the app's files so that it opens with no network.
    registerServiceWorker();
  });
