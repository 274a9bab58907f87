import { PAGINATION, Rules, type FieldRule } from '@stockroom/schema';

/** Shorthands the feature documents use, so each OpenAPI path reads in a few lines. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const jsonBody = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
export const jsonResponse = (description: string, schema: object) => ({ description, content: { 'application/json': { schema } } });
export const errorResponse = (description: string) => jsonResponse(description, ref('Error'));
export const bearer = [{ bearerAuth: [] }];
export const string = { type: 'string' } as const;
export const integer = { type: 'integer' } as const;
export const number = { type: 'number' } as const;

/**
 * A shared rule of schema/ as a JSON Schema, so the documented limits are
 * the enforced ones and never written out a second time. `extra` adds
 * defaults, formats and descriptions.
 */
export function ruleSchema(rule: FieldRule, extra: Record<string, unknown> = {}): Record<string, unknown> {
  switch (rule.kind) {
    case 'text':
      return { ...string, ...(rule.min !== undefined && { minLength: rule.min }), maxLength: rule.max, ...extra };
    case 'number':
      return {
        type: rule.integer ? 'integer' : 'number',
        minimum: rule.min,
        maximum: rule.max,
        ...(rule.decimals !== undefined && { multipleOf: 10 ** -rule.decimals }),
        ...extra,
      };
    case 'boolean':
      return { type: 'boolean', ...extra };
    case 'choice':
      return { enum: [...rule.options], ...extra };
  }
}

/** `page` and `limit` of every list, with section 9's defaults. */
export const pageParams = [
  { name: 'page', in: 'query', schema: ruleSchema(Rules.page, { default: PAGINATION.defaultPage }) },
  { name: 'limit', in: 'query', schema: ruleSchema(Rules.limit, { default: PAGINATION.defaultLimit }) },
];
