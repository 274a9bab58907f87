import type { ApolloClient, WatchQueryFetchPolicy } from '@apollo/client';
import { useState } from 'react';
import type { Params } from 'react-router-dom';

/**
 * What a page module may export as `preloadData`: asks for the answers its first view reads, so
 * that main.tsx can have them in the cache before the app's first render. It must ask with the
 * very documents and variables the page's hooks use, or the page asks again.
 */
export type PreloadData = (client: ApolloClient, location: { params: Params; searchParams: URLSearchParams }) => Promise<unknown>;

/**
 * Starts each request in a task of its own and resolves when all have settled: a request's first
 * start builds and sends its document (Apollo's cache, links, fetch), some 10 ms each on this
 * machine, several times that on a phone, and one task for them all would hold the main thread.
 */
export async function askOneByOne(asks: ReadonlyArray<() => Promise<unknown>>): Promise<unknown> {
  const started: Promise<unknown>[] = [];
  for (const ask of asks) {
    await new Promise((resolve) => setTimeout(resolve));
    started.push(ask().catch(() => undefined));
  }
  return Promise.all(started);
}

let firstRender = true;

/**
 * The fetch policy a page's first-view query should use: `later`, except for a page drawn in the
 * app's first render, whose first answers were asked for just before (main.tsx) and are read from
 * the cache instead of asked for again (a `cache-and-network` page would ask twice). Fixed for the
 * page's lifetime.
 */
export function useFirstViewFetchPolicy(later: WatchQueryFetchPolicy): WatchQueryFetchPolicy {
  const [policy] = useState(() => (firstRender ? 'cache-first' : later));
  return policy;
}

/** Called once the first render is on screen. */
export function firstRenderDone(): void {
  firstRender = false;
}
