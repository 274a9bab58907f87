import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { deref, type JsonSchema } from './json-schema-arbitrary';
import type { RestOperation } from './openapi-operations';
import { RawJson } from './slots';

/**
 * The rules every REST answer is held to: never a 5xx, a status the document
 * lists for the operation, the documented content type, and a body that
 * matches the documented schema with no property the document does not name.
 */
export interface Problem {
  rule: string;
  detail: string;
}

/**
 * The schema with every `$ref` inlined and every object that names its
 * properties closed (`additionalProperties: false`), so an undocumented field
 * in an answer (a leaked column, a renamed key) fails.
 */
export function strictSchema(schema: JsonSchema, doc: JsonSchema, seen: string[] = [], close = true): JsonSchema {
  if (Array.isArray(schema)) return schema.map((item) => strictSchema(item, doc, seen, close));
  if (schema === null || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    if (seen.includes(schema.$ref)) throw new Error(`recursive $ref ${schema.$ref}`);
    return strictSchema(deref(schema, doc), doc, [...seen, schema.$ref], close);
  }
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, property]) => [name, strictSchema(property, doc, seen, close)]))
        : strictSchema(value, doc, seen, close);
  }
  if (close && copy.properties && !('additionalProperties' in copy)) copy.additionalProperties = false;
  return copy;
}

export class RestChecker {
  // Prices are multiples of 0.01 that binary floats cannot hold exactly; 1e-6 is the tolerance the server uses too.
  private readonly ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, multipleOfPrecision: 6 });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: JsonSchema) {
    addFormats(this.ajv);
  }

  private validator(key: string, schema: JsonSchema, close = true): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(strictSchema(schema, this.doc, [], close));
      this.validators.set(key, validate);
    }
    return validate;
  }

  /**
   * Why the document refuses a JSON request body (undefined when it accepts
   * it). The request schema is used as written: only the answers are held to
   * closed objects.
   */
  refusedBody(operation: RestOperation, body: unknown): string | undefined {
    if (operation.body?.mediaType !== 'application/json' || body === undefined || body instanceof RawJson) return undefined;
    const validate = this.validator(`${operation.key} request`, operation.body.schema, false);
    if (validate(body)) return undefined;
    return [...new Set((validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`))].join('; ');
  }

  /** Every rule the answer breaks (none: it is a documented answer). */
  check(operation: RestOperation, status: number, contentType: string | null, body: unknown): Problem[] {
    const problems: Problem[] = [];
    if (status >= 500) problems.push({ rule: 'no 5xx', detail: `status ${status}` });
    const documented = operation.responses[String(status)];
    if (!documented) {
      problems.push({ rule: 'status listed for the operation', detail: `${status} is not one of ${Object.keys(operation.responses).join(', ')}` });
      return problems;
    }
    const media = documented.content ? Object.keys(documented.content) : [];
    if (!media.length) return problems;
    const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!media.includes(type)) {
      problems.push({ rule: 'documented content type', detail: `${contentType} is not one of ${media.join(', ')}` });
      return problems;
    }
    const schema = documented.content?.[type]?.schema;
    if (!schema) return problems;
    const validate = this.validator(`${operation.key} ${status} ${type}`, schema);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${error.params.additionalProperty})` : ''}`);
      problems.push({ rule: 'body matches the documented schema', detail: [...new Set(errors)].join('; ') });
    }
    return problems;
  }
}
