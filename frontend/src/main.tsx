import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/router';
import { startTheme } from './lib/theme';

// Before the first render, so a dark system never sees a light page flash first.
startTheme();

// The page's module (preloaded by the HTML) is loaded before the first render, so that render
// shows the page and replaces the build-time shell in place rather than with a spinner first.
// A chunk that fails to load is left to the route's own lazy loading to report.
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    // As a transition, the first render is done in slices that give the browser its turn between them, not as
    // one long task: a slow phone can take input (and scroll the shell) meanwhile. The shell stays until it commits.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
