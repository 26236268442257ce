import type { Knex } from 'knex';
import type { SecretBox } from '#shared/auth/secret-box.js';
import type { WebhookSettings } from '#shared/db/api-keys/api-key-secrets.repository.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import type { DeliveryObserver } from './delivery-observer.js';
import type { KeyLeases } from './key-lease.js';
import type { WebhookPoster } from './post-webhook.js';

/** What delivering a key's events uses; every piece is real in production and in the tests, the clock injected. */
export interface DispatcherDeps {
  db: Knex;
  leases: KeyLeases;
  breaker: CircuitBreaker;
  poster: WebhookPoster;
  /** A key's URL and sealed secrets (cached briefly per replica: a rotation reaches deliveries within a second). */
  webhookSettings: (apiKeyId: string) => Promise<WebhookSettings | null> | WebhookSettings | null;
  /** Opens the keys' sealed webhook secrets. */
  secrets: SecretBox;
  /** `Foretell-Webhooks/<version>`. */
  userAgent: string;
  now: () => Date;
  /** [0, 1): the retry jitter. */
  random: () => number;
  observer: DeliveryObserver;
}
