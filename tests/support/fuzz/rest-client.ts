import type { TestApp } from '../test-app';
import type { RestOperation, RestRequest } from './openapi-operations';
import { show } from './report';
import { Multipart, RawJson } from './slots';

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  auth: string;
}

export interface RestAnswer {
  status: number;
  contentType: string | null;
  headers: Headers;
  body: unknown;
}

/** A query value as a client would put it in the URL: arrays repeat the name, objects go as JSON. */
function appendQuery(params: URLSearchParams, name: string, value: unknown) {
  if (value === undefined) return;
  if (Array.isArray(value)) value.forEach((item) => appendQuery(params, name, item));
  else params.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
}

/** The URL path of a request whose slots are filled: path parameters percent-encoded, then the query. */
export function urlOf(operation: RestOperation, request: RestRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(request.pathParams[name])));
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) appendQuery(params, name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Sends one generated request (slots already filled) and reads the answer, JSON or not. */
export async function sendRest(app: TestApp, method: string, path: string, body: unknown, token: string | undefined): Promise<RestAnswer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: BodyInit | undefined;
  if (body instanceof Multipart) {
    const form = new FormData();
    for (const part of body.parts) {
      if (part.bytes) form.append(part.field, new Blob([new Uint8Array(part.bytes)], { type: part.contentType }), part.filename);
      else form.append(part.field, part.text ?? '');
    }
    payload = form;
  } else if (body instanceof RawJson) {
    headers['content-type'] = 'application/json';
    payload = body.text;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(app.url + path, { method, headers, body: payload });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  let parsed: unknown = text;
  if (contentType?.includes('json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      /* a body that claims JSON and is not fails the schema check with its text */
    }
  }
  return { status: response.status, contentType, headers: response.headers, body: parsed };
}

/** The request as a failure report shows it, enough to send it again by hand. */
export function describeRequest(sent: SentRequest): string {
  const body = sent.body instanceof RawJson ? `raw ${show(sent.body.text)}` : sent.body instanceof Multipart ? `multipart ${show(sent.body.parts)}` : show(sent.body);
  return `${sent.method} ${sent.path} (${sent.auth}) body ${body}`;
}

export function describeAnswer(answer: RestAnswer): string {
  return `${answer.status} ${answer.contentType ?? '(no content type)'} ${show(answer.body)}`;
}
