import type { Response } from 'express';
import { AppError } from '#shared/errors/app-error.js';
import { documentSecurityHeaders } from '#shared/http/security-headers.middleware.js';
import { type RouteRegistrar } from '#shared/http/route-registrar.js';
import { DOCS_CONTENT_SECURITY_POLICY, docsAsset } from './docs-assets.js';
import { errorPage } from './error-pages.js';

const REFERENCE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foretell Trading API reference</title>
<link rel="stylesheet" href="/v1/docs/assets/swagger-ui.css"></head>
<body data-spec-url="/v1/openapi.json"><div id="reference"></div>
<script src="/v1/docs/assets/swagger-ui-bundle.js"></script>
<script src="/v1/docs/assets/init.js"></script>
</body></html>
`;

const DOCUMENT_HEADERS = documentSecurityHeaders(DOCS_CONTENT_SECURITY_POLICY);

function sendHtml(res: Response, html: string): void {
  for (const [name, value] of DOCUMENT_HEADERS) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.type('html').send(html);
}

/** The unauthenticated description and reference routes: /v1/openapi.json, /v1/docs (+ assets, error pages). */
export function mountDocsRoutes(registrar: RouteRegistrar, document: object): void {
  const json = JSON.stringify(document);
  registrar.route('GET', '/v1/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(json);
  });
  registrar.route('GET', '/v1/docs', (_req, res) => sendHtml(res, REFERENCE_PAGE));
  registrar.route('GET', '/v1/docs/assets/:name', (req, res) => {
    const asset = docsAsset(req.params.name);
    if (!asset) throw new AppError('RESOURCE_NOT_FOUND', { detail: 'No such documentation asset.' });
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type(asset.contentType).send(asset.body);
  });
  registrar.route('GET', '/v1/docs/errors/:code', (req, res) => {
    const page = errorPage(req.params.code);
    if (!page) throw new AppError('RESOURCE_NOT_FOUND', { detail: `No error code ${req.params.code.slice(0, 64)}.` });
    sendHtml(res, page);
  });
}
