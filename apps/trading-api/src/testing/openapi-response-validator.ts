/* Test-only: validates response bodies against the trading API description (the source of truth). */
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { loadOpenApiDocument } from '../openapi/load-spec.js';

export interface ResponseValidator {
  /** The schema errors of `body` as the `status` response of `operationId` ([] when it conforms). */
  errors(body: unknown, operationId: string, status: number): unknown[];
}

export async function createResponseValidator(): Promise<ResponseValidator> {
  const api = new OpenAPIBackend({
    definition: loadOpenApiDocument(),
    quick: true,
    customizeAjv: (ajv) => {
      addFormats.default(ajv);
      return ajv;
    },
  });
  await api.init();
  return { errors: (body, operationId, status) => api.validateResponse(body, operationId, status).errors ?? [] };
}
