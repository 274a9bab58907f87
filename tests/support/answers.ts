import type { GraphQLAnswer, HttpAnswer } from './test-app';

/* How every feature's tests check an error answer, on each transport. */

/** A REST error answer: the status, and exactly `{ message, code }` plus `fields` when given. */
export function expectRestError(answer: HttpAnswer, status: number, code: string, message: string, fields?: Record<string, string>) {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: fields ? { message, code, fields } : { message, code } });
}

/** A GraphQL error answer from the service: no data, one error with the message, code and (for input errors) fields. */
export function expectGqlError(answer: GraphQLAnswer, code: string, message: string, fields?: Record<string, string>) {
  expect(answer.errors).toHaveLength(1);
  expect(answer.errors?.[0]).toMatchObject({ message, extensions: fields ? { code, fields } : { code } });
  if (!fields) expect(answer.errors?.[0].extensions?.fields).toBeUndefined();
  const data = answer.data as Record<string, unknown> | undefined;
  for (const value of Object.values(data ?? {})) expect(value).toBeNull();
}

/**
 * GraphQL's own refusal of a request whose variables do not fit the schema
 * (wrong scalar, unknown input field): HTTP 400, BAD_USER_INPUT, a message
 * naming the problem, and nothing executed.
 */
export function expectGqlTypeError(answer: GraphQLAnswer, pattern: RegExp) {
  expect(answer.status).toBe(400);
  expect(answer.data).toBeUndefined();
  expect(answer.errors).toHaveLength(1);
  expect(answer.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(answer.errors?.[0].message).toMatch(pattern);
}
