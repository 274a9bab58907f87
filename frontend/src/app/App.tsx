import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { firstRenderDone } from '../lib/preload-data';
import { AppRoutes } from './router';

/** The app, on the client that main.tsx made (and may have filled with the first page's data). */
export function App({ client }: { client: ApolloClient }) {
  useEffect(firstRenderDone, []);
  return (
    <ApolloProvider client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ApolloProvider>
  );
}
