export { verifyWebhookSignature, type VerifyWebhookOptions } from './verify-webhook-signature';
