import { AuthMessages } from '@stockroom/schema';
import { ConflictError, ValidationError } from '../common/errors';

export class EmailTakenError extends ConflictError {
  constructor() {
    super(AuthMessages.emailTaken);
  }
}

export class InvalidLinkError extends ValidationError {
  constructor(field: string, message: string) {
    super({ [field]: message }, message);
  }
}
