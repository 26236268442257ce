/* The public read API's contract at start-up: its OpenAPI document from the settings, and the input reader on it. */
import { serviceVersion } from '#shared/runtime/service-version.js';
import { createPublicRequestInput, type PublicRequestInput } from '../http/request-input.js';
import type { OpenApiSettings } from './document-settings.js';
import { publicReadOpenApi } from './public-read.openapi.js';

export interface PublicReadContract {
  /** Served at /api/openapi.json. */
  document: Record<string, unknown>;
  input: PublicRequestInput;
}

export function publicReadContract(settings: OpenApiSettings): PublicReadContract {
  const document = publicReadOpenApi(serviceVersion, settings);
  return { document, input: createPublicRequestInput(document) };
}
