import { DECIMAL_TOLERANCE, PAGINATION, Rules, textRulePattern, type FieldRule } from '@stockroom/schema';

/** Shorthands the feature documents use, so each OpenAPI path reads in a few lines. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const jsonBody = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
export const jsonResponse = (description: string, schema: object) => ({ description, content: { 'application/json': { schema } } });
export const errorResponse = (description: string) => jsonResponse(description, ref('Error'));
export const bearer = [{ bearerAuth: [] }];
/** A public operation: no token needed (and one sent is not read). */
export const publicAccess: never[] = [];
export const string = { type: 'string' } as const;
export const integer = { type: 'integer' } as const;

/** A list answer: its items under `key` (each the schema `item` names) and the pagination every list carries. */
export const pageOf = (key: string, item: string) => ({
  type: 'object',
  required: [key, 'pagination'],
  properties: { [key]: { type: 'array', items: ref(item) }, pagination: ref('Pagination') },
});

/** What every paginated list answers beside its items. */
export const paginationProperties = {
  page: integer,
  limit: integer,
  total: integer,
  totalPages: integer,
  hasNextPage: { type: 'boolean' },
  hasPrevPage: { type: 'boolean' },
  totalIsEstimate: {
    type: 'boolean',
    description: "true when `total` is an estimate (a product search with more matches than are counted exactly); show it as 'about N'",
  },
} as const;
export const number = { type: 'number' } as const;

/**
 * A shared rule of schema/ as a JSON Schema, so the documented limits are
 * the enforced ones and never written out a second time. `extra` adds
 * defaults, formats and descriptions. A text rule's `pattern` is the one its
 * check compiles: no NUL, not blank when required, and the email, image URL
 * or password shape. An optional text rule takes a blank value as absent, so
 * it states no minimum length.
 */
export function ruleSchema(rule: FieldRule, extra: Record<string, unknown> = {}): Record<string, unknown> {
  switch (rule.kind) {
    case 'text':
      return {
        // A nullable rule gives null a meaning (no image, say); every other field refuses it.
        type: rule.nullable ? ['string', 'null'] : 'string',
        ...(rule.required && rule.min !== undefined && { minLength: rule.min }),
        maxLength: rule.max,
        pattern: textRulePattern(rule),
        ...extra,
      };
    case 'number':
      return {
        type: rule.integer ? (rule.nullable ? ['integer', 'null'] : 'integer') : rule.nullable ? ['number', 'null'] : 'number',
        minimum: rule.min,
        maximum: rule.max,
        ...(rule.decimals !== undefined && {
          multipleOf: 10 ** -rule.decimals,
          description: `At most ${rule.decimals} decimal places: a number within ${DECIMAL_TOLERANCE} of a multiple of ${10 ** -rule.decimals} (binary-float noise such as 2.1100000000000003) is taken as that multiple, so validate multipleOf with that tolerance`,
        }),
        ...extra,
      };
    case 'boolean':
      return { type: 'boolean', ...extra };
    case 'choice':
      return { enum: [...rule.options], ...extra };
  }
}

/** `page` and `limit` of every list, with the defaults a list uses when they are left out. */
export const pageParams = [
  { name: 'page', in: 'query', schema: ruleSchema(Rules.page, { default: PAGINATION.defaultPage }) },
  { name: 'limit', in: 'query', schema: ruleSchema(Rules.limit, { default: PAGINATION.defaultLimit }) },
];

/**
 * A JSON request body of the fields a route reads, each under its shared
 * rule (the required ones required), plus `extra` properties. The route
 * refuses any other field, so the schema does too.
 */
export function rulesBody(fields: Record<string, FieldRule>, options: { extra?: Record<string, object> } = {}) {
  const required = Object.keys(fields).filter((key) => fields[key].required);
  return {
    type: 'object',
    additionalProperties: false,
    ...(required.length > 0 && { required }),
    properties: { ...Object.fromEntries(Object.entries(fields).map(([key, rule]) => [key, ruleSchema(rule)])), ...options.extra },
  };
}

/** The 401 of every operation that needs a session. */
export const unauthenticated = errorResponse('Missing, invalid, expired or revoked token');
