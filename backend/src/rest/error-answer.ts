import { HTTP_STATUS, type DomainError } from '../common/errors';

/** A domain error as REST answers it: its status, and the body `{ message, code, fields?, ...details }`. */
export function errorAnswerOf(error: DomainError): { status: number; body: Record<string, unknown> } {
  const { code, message, fields, details } = error;
  return { status: HTTP_STATUS[code], body: { message, code, ...(fields && { fields }), ...details } };
}
