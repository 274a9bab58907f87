import type { ApolloClient } from '@apollo/client';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

/** Renders the app over the build-time shell in #root. */
export function renderApp(client: ApolloClient): void {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render is done in slices that give the browser its turn between them, not as
  // one long task: a slow phone can take input (and scroll the shell) meanwhile. The shell stays until it commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    ),
  );
}
