import { ApolloProvider } from '@apollo/client/react';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createApolloClient } from '../lib/apollo';
import { AppRoutes } from './router';

export function App() {
  const [client] = useState(createApolloClient);
  return (
    <ApolloProvider client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ApolloProvider>
  );
}
