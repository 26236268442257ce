/*
 * The widget's accent colour: the `accent` attribute if it is a valid colour, else the partner's `colorPrimary`, else
 * the organization's (GET /api/partners/{id}, /api/organizations/{id}; spec/public-read-api.md), else the page's
 * `--foretell-accent` custom property or the default in the stylesheet. Only `#rgb` / `#rrggbb` pass, so no value
 * from an attribute or the API can inject anything into a style.
 */
import { isObject } from './market-view.js';

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The value if it is a `#rgb` or `#rrggbb` colour, else null. */
export function safeColour(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return HEX_COLOUR.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** `colorPrimary` of `{ partner }` / `{ organization }` API bodies. */
export function brandColourOf(body: unknown, member: 'partner' | 'organization'): string | null {
  const entity = isObject(body) ? body[member] : undefined;
  return isObject(entity) ? safeColour(entity.colorPrimary) : null;
}

/** The first valid colour of attribute, partner, organization; null leaves the stylesheet's choice. */
export function pickAccent(attribute: unknown, partnerColour: string | null, organizationColour: string | null) {
  return safeColour(attribute) ?? partnerColour ?? organizationColour;
}
