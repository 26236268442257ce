import type { RouteRegistrar } from '#shared/http/route-registrar.js';
import type { PublicRequestInput } from '../http/request-input.js';

/** GET /api/openapi.json: the document the app validates with (built from its settings), serialised once. */
export function mountOpenApiRoute(router: RouteRegistrar, document: object, input: PublicRequestInput): void {
  const body = JSON.stringify(document);
  router.route('GET', '/api/openapi.json', (req, res) => {
    input.read('getOpenApi', req);
    res.type('application/json').send(body);
  });
}
