/* Query schemas of the social-link endpoints: amounts in USD, 1 to 10,000, at most cents precision. */
import { z } from 'zod';
import { decimalParam, enumParam } from '../http/query-params.js';

export const socialSides = ['yes', 'no'] as const;
export type SocialSide = (typeof socialSides)[number];

const amount = decimalParam(1, 10_000, 2);

/** GET /api/threads/{id}/social-links */
export const threadSocialLinksQuerySchema = z.strictObject({ amount: amount.default(10) });

/** `side` alone, checked first: a missing or unknown side is 400 INVALID_SIDE. */
export const socialSideSchema = z.object({ side: enumParam(socialSides) });

/** GET /api/markets/{id}/social-link (side validated by socialSideSchema). */
export const marketSocialLinkQuerySchema = z.strictObject({ side: z.string(), amount });
