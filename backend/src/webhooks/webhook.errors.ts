import { WebhookMessages } from '@stockroom/schema';
import { ConflictError, NotFoundError } from '../common/errors';

/** Not one of the caller's webhooks (someone else's, deleted, or never made): the same answer for each. */
export class WebhookNotFoundError extends NotFoundError {
  constructor() {
    super(WebhookMessages.notFound);
  }
}

/** Not a delivery of one of the caller's webhooks, or no longer in its log. */
export class WebhookDeliveryNotFoundError extends NotFoundError {
  constructor() {
    super(WebhookMessages.deliveryNotFound);
  }
}

/** The caller already has as many webhooks as an account may. */
export class TooManyWebhooksError extends ConflictError {
  constructor() {
    super(WebhookMessages.tooMany);
  }
}
