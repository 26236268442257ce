export * from './delivery-schedule.js';
export { signWebhookBody } from './webhook-signature.js';
export {
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_TOLERANCE_MS,
  type VerifyWebhookOptions,
  type WebhookVerification,
} from './verify-webhook-signature.js';
export {
  checkWebhookUrl,
  lookupAllAddresses,
  refusedDeliveryAddress,
  type HostLookup,
  type WebhookUrlPolicy,
} from './webhook-url-policy.js';
