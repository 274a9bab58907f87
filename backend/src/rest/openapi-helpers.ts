/** Shorthands the feature documents use, so each OpenAPI path reads in a few lines. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const jsonBody = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
export const jsonResponse = (description: string, schema: object) => ({ description, content: { 'application/json': { schema } } });
export const errorResponse = (description: string) => jsonResponse(description, ref('Error'));
export const bearer = [{ bearerAuth: [] }];
export const string = { type: 'string' } as const;
