/*
 * GET /embed/demo: one <foretell-market> on a page of its own, with the snippet an integrator copies. Pure: the
 * market (ids only) and the script's absolute URL in, HTML out; every inserted value is HTML-escaped. The page's CSP
 * admits its own origin's script and connections and its one inline stylesheet by hash, nothing else.
 */
import { hash } from 'node:crypto';

export interface DemoMarket {
  id: string;
  partnerId: string | null;
  organizationId: string | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const PAGE_CSS = `:root{color-scheme:light dark}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:Canvas;color:CanvasText}
main{max-width:680px;margin:0 auto;padding:32px 20px 48px}
h1{font-size:24px;margin:0 0 4px}
h2{font-size:17px;margin:32px 0 8px}
p{margin:0 0 16px;opacity:.85}
foretell-market{margin:24px 0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;padding:12px 14px;border-radius:8px;background:color-mix(in srgb,CanvasText 7%,Canvas);font-size:13px}
dt{font-family:ui-monospace,monospace;font-size:14px}
dd{margin:0 0 10px 16px;opacity:.85}`;

/** The page's Content-Security-Policy: its inline stylesheet by hash; scripts and connections from its origin. */
export const DEMO_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  `style-src 'sha256-${hash('sha256', PAGE_CSS, 'base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function widgetTag(market: DemoMarket): string {
  const attributes = [`market-id="${escapeHtml(market.id)}"`];
  if (market.partnerId) attributes.push(`partner-id="${escapeHtml(market.partnerId)}"`);
  if (market.organizationId) attributes.push(`organization-id="${escapeHtml(market.organizationId)}"`);
  return `<foretell-market ${attributes.join(' ')}></foretell-market>`;
}

const ATTRIBUTES: Array<[string, string]> = [
  ['market-id', 'The market to show (required).'],
  ['partner-id, organization-id', "Use that partner's colour, else the organization's."],
  ['accent', 'A #hex colour that wins over the branding.'],
  ['theme', 'light or dark; by default the reader’s prefers-color-scheme.'],
];

export function renderDemoPage(input: { market: DemoMarket | null; scriptUrl: string }): string {
  const { market, scriptUrl } = input;
  const widget = market
    ? widgetTag(market)
    : '<p>There is no open market to show yet. Add <code>?market=&lt;id&gt;</code> to pick one.</p>';
  const snippet = `<script src="${scriptUrl}" async></script>\n${market ? widgetTag(market) : '<foretell-market market-id="…"></foretell-market>'}`;
  const attributes = ATTRIBUTES.map(([name, text]) => `<dt>${name}</dt><dd>${escapeHtml(text)}</dd>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Foretell market widget</title><style>${PAGE_CSS}</style></head>
<body><main>
<h1>Foretell market widget</h1>
<p>One script and one element show a market live: its question, each outcome's probability, the price history and
the volume, in the reader's colour scheme and the partner's colour.</p>
${widget}
<h2>Embed it</h2>
<pre><code>${escapeHtml(snippet)}</code></pre>
<h2>Attributes</h2>
<dl>${attributes}</dl>
</main><script src="/embed/widget.js" async></script></body></html>
`;
}
