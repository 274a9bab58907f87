import { AuthMessages } from '@stockroom/schema';
import { ConflictError } from '../common/errors';

export class EmailTakenError extends ConflictError {
  constructor() {
    super(AuthMessages.emailTaken);
  }
}
