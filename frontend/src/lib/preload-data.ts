import type { ApolloClient } from '@apollo/client';
import type { Params } from 'react-router-dom';

/**
 * What a page module may export as `preloadData`: asks for the answers its first view reads, so
 * that main.tsx can have them in the cache before the app's first render. It must ask with the
 * very documents and variables the page's hooks use, or the page asks again.
 */
export type PreloadData = (client: ApolloClient, location: { params: Params; searchParams: URLSearchParams }) => Promise<unknown>;
