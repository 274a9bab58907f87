import { AuthMessages } from '@stockroom/schema';
import { ConflictError, ValidationError } from '../common/errors';

/** Carries the message as `fields.email` too, so a client puts it on the email field without matching the message's text. */
export class EmailTakenError extends ConflictError {
  constructor() {
    super(AuthMessages.emailTaken, { email: AuthMessages.emailTaken });
  }
}

export class InvalidLinkError extends ValidationError {
  constructor(field: string, message: string) {
    super({ [field]: message }, message);
  }
}
