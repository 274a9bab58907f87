import type { RequestHandler } from 'express';
import { GeneralMessages } from '@stockroom/schema';

/** The operations of one OpenAPI path item, keyed by lower-case method. */
type PathItems = Record<string, Record<string, unknown>>;

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The `code` of a 405 body; no domain error has it, since no service decides which methods a path has. */
export const METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED';

interface DocumentedPath {
  segments: Array<string | null>;
  matcher: RegExp;
  allow: string[];
}

/**
 * Literal segments win over templated ones, leftmost first, as OpenAPI
 * resolves `/products/stats` before `/products/{id}` (and the router, which
 * lists literal routes first, agrees). Only paths of the same length can both
 * match a request, and for those this key orders them that way.
 */
const specificityKey = ({ segments }: DocumentedPath) => segments.map((segment) => (segment === null ? '1' : '0')).join('');

function documented(path: string, item: Record<string, unknown>): DocumentedPath {
  const segments = path.split('/').slice(1).map((segment) => (segment.startsWith('{') ? null : segment.toLowerCase()));
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Like the router: any case, and a trailing slash is the same path.
  const matcher = new RegExp(`^/${segments.map((segment) => (segment === null ? '[^/]+' : escape(segment))).join('/')}/?$`, 'i');
  const methods = OPERATION_METHODS.filter((method) => method in item).map((method) => method.toUpperCase());
  // Express answers HEAD wherever it answers GET, and the CORS middleware answers OPTIONS everywhere.
  const allow = [...methods, ...(methods.includes('GET') && !methods.includes('HEAD') ? ['HEAD'] : []), ...(methods.includes('OPTIONS') ? [] : ['OPTIONS'])];
  return { segments, matcher, allow };
}

/**
 * A documented path asked with a method it does not have answers 405 with
 * `Allow`, instead of falling through to a 404 or to a templated route that
 * would read `stats` as an id. The methods come from the OpenAPI document,
 * the same list a test holds to the router, so no path's methods are written
 * down twice. Paths the document does not name pass on (and end in a 404).
 */
export function methodNotAllowed(paths: PathItems): RequestHandler {
  // Sorted once, most specific first, so a request takes the first path that matches.
  const known = Object.entries(paths)
    .map(([path, item]) => documented(path, item))
    .sort((a, b) => specificityKey(a).localeCompare(specificityKey(b)));
  return (req, res, next) => {
    const path = req.baseUrl + req.path;
    const match = known.find((candidate) => candidate.matcher.test(path));
    if (!match || match.allow.includes(req.method)) return next();
    res.set('Allow', match.allow.join(', '));
    res.status(405).json({ message: GeneralMessages.methodNotAllowed, code: METHOD_NOT_ALLOWED });
  };
}
