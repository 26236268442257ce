/*
 * The embeddable widget (issue 19): GET /embed/widget.js (the <foretell-market> script) and GET /embed/demo (a page
 * showing it). Both are routes of the registrar like every /api route (route id, admission, kill switch), but they are
 * not part of the JSON API: the public OpenAPI document leaves them out (docs/decisions/0024-embeddable-widget.md).
 */
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { matchesIfNoneMatch } from '#shared/http/conditional-get.js';
import { documentSecurityHeaders } from '#shared/http/security-headers.middleware.js';
import { type RouteRegistrar } from '#shared/http/route-registrar.js';
import { corsMiddleware } from '../http/cors.middleware.js';
import { createPublicRequestInput } from '../http/request-input.js';
import { findDemoMarket } from './demo-market.js';
import { DEMO_CONTENT_SECURITY_POLICY, renderDemoPage } from './demo-page.js';
import { loadWidgetScript, type ScriptForm } from './widget-script.js';
import { WIDGET_SCRIPT_PATHNAME } from './widget/script-origin.js';

export const DEMO_PAGE_PATH = '/embed/demo';

/** Five minutes fresh (the URL is not versioned: a release reaches readers that fast), then revalidated by ETag. */
export const WIDGET_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';
const DEMO_HEADERS = documentSecurityHeaders(DEMO_CONTENT_SECURITY_POLICY);
/** The query of the demo page, validated by the shared validator in the words of /api (this is not an API). */
const embedQueries = createPublicRequestInput({
  openapi: '3.1.0',
  info: { title: 'Foretell embed pages', version: '1' },
  paths: {
    [DEMO_PAGE_PATH]: {
      get: {
        operationId: 'getEmbedDemo',
        parameters: [{ name: 'market', in: 'query', schema: { type: 'string', minLength: 1, maxLength: 64 } }],
        responses: { '200': { description: 'The demo page.' } },
      },
    },
  },
});

const acceptsGzip = (req: Request): boolean =>
  (req.get('accept-encoding') ?? '')
    .split(',')
    .some((coding) => /^\s*gzip\s*(?:;\s*q=(?!0(?:\.0*)?\s*$)|$)/i.test(coding));

/** Sends `form` with its ETag, or 304 when the client's copy is current. */
function sendForm(req: Request, res: Response, form: ScriptForm): void {
  res.setHeader('ETag', form.etag);
  if (matchesIfNoneMatch(req.get('if-none-match'), form.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', form.body.length);
  res.end(form.body);
}

export function mountEmbedRoutes(router: RouteRegistrar, deps: { db: Knex }): void {
  // CORS `*` as on /api: the script loads with crossorigin="anonymous" (Subresource Integrity) from any page.
  router.use('/embed', corsMiddleware());
  // A static asset: query strings (cache busters) are ignored, as a CDN would.
  router.route('GET', WIDGET_SCRIPT_PATHNAME, async (req, res) => {
    const script = await loadWidgetScript();
    const gzip = acceptsGzip(req);
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', WIDGET_CACHE_CONTROL);
    res.setHeader('Vary', 'Accept-Encoding');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    sendForm(req, res, gzip ? script.gzip : script.identity);
  });

  router.route('GET', DEMO_PAGE_PATH, async (req, res) => {
    const { market: wanted } = embedQueries.validate('getEmbedDemo', req).query;
    const market = await findDemoMarket(deps.db, typeof wanted === 'string' ? wanted : undefined);
    const scriptUrl = `${req.protocol}://${req.get('host') ?? 'localhost'}${WIDGET_SCRIPT_PATHNAME}`;
    for (const [name, value] of DEMO_HEADERS) res.setHeader(name, value);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(renderDemoPage({ market, scriptUrl }));
  });
}
