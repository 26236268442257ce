import { SerializedJson } from '#shared/http/respond.js';
import { publicHandler } from './public-handler.js';

/** GET /api/openapi.json: the document the app validates with (built from its settings), serialised once. */
export const getOpenApiHandler = publicHandler('getOpenApi', (_context, { documentJson }) => ({
  status: 200,
  body: new SerializedJson(documentJson),
}));
