import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the reference page loads, served from node_modules (no CDN). */
const files: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/**
 * Starts the UI against our description; a file (not inline) so the page's CSP needs no 'unsafe-inline' script.
 * `validatorUrl: null`: swagger-ui otherwise sends the description to validator.swagger.io for its badge (the page
 * must make no request off this origin; the description is linted in CI instead).
 */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: document.body.dataset.specUrl,
    dom_id: '#reference',
    validatorUrl: null,
    deepLinking: true,
    persistAuthorization: false,
    tryItOutEnabled: false,
  });
});
`;

export interface DocsAsset {
  contentType: string;
  body: Buffer;
}

const cache = new Map<string, DocsAsset>();

/** The asset named `name`, read once and kept in memory; undefined for anything else. */
export function docsAsset(name: string): DocsAsset | undefined {
  const cached = cache.get(name);
  if (cached) return cached;
  let asset: DocsAsset | undefined;
  if (name === 'init.js') asset = { contentType: 'text/javascript; charset=utf-8', body: Buffer.from(INIT_SCRIPT) };
  else {
    const contentType = Object.hasOwn(files, name) ? files[name] : undefined;
    if (contentType !== undefined) asset = { contentType, body: readFileSync(join(swaggerUiDir, name)) };
  }
  if (asset) cache.set(name, asset);
  return asset;
}

/** Scripts and styles from this origin only; swagger-ui sets inline styles, and fetches the spec with XHR. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
