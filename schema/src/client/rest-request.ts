import type { paths } from '../../generated/rest';
import type { Transport } from './transport';

/**
 * Typed calls to the REST API, in the shape openapi-typescript's `paths`
 * gives them: `rest.GET('/api/products', { query: { search: 'lamp' } })`,
 * `rest.POST('/api/products/{id}/stock', { path: { id }, body: { delta: -2 } })`.
 * The path, its parameters, the body and the answer are checked against the
 * document the server serves at /api/openapi.json.
 */

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;

/** The paths that answer a method. */
export type PathsWith<M extends HttpMethod> = { [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never }[keyof paths];
type Operation<P extends keyof paths, M extends HttpMethod> = paths[P] extends { [K in M]: infer Op } ? Op : never;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : R extends { content: { 'multipart/form-data': unknown } } ? FormData : undefined;
type Parameters<Op> = Op extends { parameters: infer Ps } ? Ps : {};

type PathOption<Ps> = Ps extends { path: infer X } ? { path: X } : {};
type QueryOption<Ps> = Ps extends { query: infer Q } ? { query: Q } : Ps extends { query?: infer Q } ? ([Exclude<Q, undefined>] extends [never] ? {} : { query?: Exclude<Q, undefined> }) : {};
type BodyOption<Op> = Op extends { requestBody: infer B } ? { body: JsonOf<B> } : Op extends { requestBody?: infer B } ? ([Exclude<B, undefined>] extends [never] ? {} : { body?: JsonOf<Exclude<B, undefined>> }) : {};

/** What a call takes besides the path: `path` and `query` parameters and a `body`, each only where the operation has them. */
export type RequestOptions<Op> = PathOption<Parameters<Op>> & QueryOption<Parameters<Op>> & BodyOption<Op> & { headers?: Record<string, string> };
type OptionsArgument<Op> = {} extends RequestOptions<Op> ? [options?: RequestOptions<Op>] : [options: RequestOptions<Op>];

type Responses<Op> = Op extends { responses: infer R } ? R : {};
/** The JSON of the operation's 2xx answers (undefined for one without a JSON body). */
export type SuccessBody<Op> = { [S in keyof Responses<Op>]: S extends SuccessStatus ? JsonOf<Responses<Op>[S]> : never }[keyof Responses<Op>];
/** The JSON of its documented error answers: `{ message, code, fields? }`. */
export type ErrorBody<Op> = { [S in keyof Responses<Op>]: S extends SuccessStatus ? never : JsonOf<Responses<Op>[S]> }[keyof Responses<Op>];

/** Either `data` (a 2xx answer) or `error` (any other), with the response for its status and headers. */
export type RestResult<Op> =
  | { data: SuccessBody<Op>; error?: undefined; response: Response }
  | { data?: undefined; error: ErrorBody<Op>; response: Response };

type Call<M extends HttpMethod> = <P extends PathsWith<M>>(path: P, ...options: OptionsArgument<Operation<P, M>>) => Promise<RestResult<Operation<P, M>>>;

export interface RestClient {
  GET: Call<'get'>;
  POST: Call<'post'>;
  PUT: Call<'put'>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
}

interface LooseOptions {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

function urlOf(template: string, options: LooseOptions): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = options.path?.[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** A JSON answer is parsed; any other (a CSV export, a 204) is left in `response` for the caller to read. */
async function bodyOf(response: Response): Promise<unknown> {
  if (response.status === 204 || !/[/+]json\b/i.test(response.headers.get('content-type') ?? '')) return undefined;
  return response.json();
}

export function restRequest(transport: Transport): RestClient {
  const call =
    (method: string) =>
    async (template: string, options: LooseOptions = {}): Promise<RestResult<unknown>> => {
      const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
      const response = await transport(urlOf(template, options), {
        method,
        headers: { Accept: 'application/json', ...(options.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
        body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      });
      const body = await bodyOf(response);
      return response.ok ? { data: body as never, response } : { error: body as never, response };
    };
  return { GET: call('GET'), POST: call('POST'), PUT: call('PUT'), PATCH: call('PATCH'), DELETE: call('DELETE') } as unknown as RestClient;
}
