import { AuthMessages, UserMessages } from '@stockroom/schema';
import { ConflictError, NotFoundError } from '../common/errors';

export class UserNotFoundError extends NotFoundError {
  constructor() {
    super(AuthMessages.userNotFound);
  }
}

/** Deactivating or demoting the only active admin would leave nobody able to manage accounts. */
export class LastAdminError extends ConflictError {
  constructor(change: 'deactivate' | 'demote' = 'deactivate') {
    super(change === 'demote' ? UserMessages.lastAdminDemoted : UserMessages.lastAdmin);
  }
}
