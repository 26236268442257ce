import type { RouteRegistrar } from '#shared/http/index.js';
import { serviceVersion } from '#shared/runtime/service-version.js';
import { parseQuery } from '../http/query-params.js';
import { publicReadOpenApi } from '../openapi/public-read.openapi.js';
import { noQuerySchema } from '../schemas/thread-queries.schema.js';

/** GET /api/openapi.json: serialised once at start. */
export function mountOpenApiRoute(router: RouteRegistrar): void {
  const body = JSON.stringify(publicReadOpenApi(serviceVersion));
  router.route('GET', '/api/openapi.json', (req, res) => {
    parseQuery(noQuerySchema, req.query);
    res.type('application/json').send(body);
  });
}
