/* OpenAPI paths of threads, organizations and partners. */
import { threadStatuses } from '#shared/db/repositories/threads.repository.js';
import { MAX_PAGE_LIMIT } from '#shared/domain/paging.js';
import {
  errorResponse,
  getOperation,
  idParam,
  limitParam,
  offsetParam,
  ok,
  queryParam,
  sortByParam,
  textParam,
  usdAmountSchema,
  sortOrderParam,
} from './operation-helpers.js';
import type { OpenApiSettings } from './document-settings.js';
import type { JsonSchema } from './schema-helpers.js';

const invalid = errorResponse('INVALID_REQUEST: an invalid, repeated or unknown query parameter (named in `message`).');
const notFound = (code: string) => errorResponse(`${code}: unknown id.`);

const threadListParameters: JsonSchema[] = [
  queryParam('status', { type: 'string', enum: [...threadStatuses] }, 'Thread status.'),
  textParam('category', 'Category.'),
  {
    ...queryParam(
      'tags',
      { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, minItems: 1, maxItems: 20 },
      'Comma-separated tags (at most 20); threads carrying at least one of them.',
    ),
    style: 'form',
    explode: false,
  },
  limitParam(20, MAX_PAGE_LIMIT),
  offsetParam,
  sortByParam(['created_at', 'updated_at', 'total_volume', 'market_count', 'title']),
  sortOrderParam,
];

/** `50 requests per minute`: the threads list's own window. */
function limitOf({ rateLimit }: OpenApiSettings): string {
  const window = rateLimit.windowMs === 60_000 ? 'minute' : `${rateLimit.windowMs / 1_000} s`;
  return `${rateLimit.threadsList} requests per ${window}`;
}

const ownerThreads = (owner: 'organization' | 'partner') =>
  getOperation({
    operationId: `list${owner === 'organization' ? 'Organization' : 'Partner'}Threads`,
    summary: `Threads of one ${owner} (the threads-list parameters)`,
    tags: [owner === 'organization' ? 'Organizations' : 'Partners'],
    parameters: [idParam(owner), ...threadListParameters],
    responses: { '200': ok('ThreadListResponse', 'A page of threads.'), '400': invalid, '404': notFound('NOT_FOUND') },
  });

/** The thread, organization and partner paths; the threads list states its own rate limit (RATE_LIMIT_THREADS_LIST). */
export const threadPaths = (settings: OpenApiSettings): Record<string, JsonSchema> => ({
  '/api/threads': getOperation({
    operationId: 'listThreads',
    summary: 'Threads (groups of markets) with totals computed on read',
    description: `Limited to ${limitOf(settings)} per IP.`,
    tags: ['Threads'],
    parameters: threadListParameters,
    responses: { '200': ok('ThreadListResponse', 'A page of threads.'), '400': invalid },
  }),
  '/api/threads/{id}': getOperation({
    operationId: 'getThread',
    summary: 'One thread',
    tags: ['Threads'],
    parameters: [idParam('thread')],
    responses: {
      '200': ok('ThreadDetailResponse', 'The thread.'),
      '400': invalid,
      '404': notFound('THREAD_NOT_FOUND'),
    },
  }),
  '/api/threads/{id}/markets': getOperation({
    operationId: 'listThreadMarkets',
    summary: "A thread's markets (every status unless filtered)",
    tags: ['Threads'],
    parameters: [
      idParam('thread'),
      queryParam('status', { type: 'string', enum: ['active', 'resolved', 'cancelled', 'paused'] }, 'Market status.'),
      limitParam(50, MAX_PAGE_LIMIT),
      offsetParam,
      sortByParam(['created_at', 'total_volume', 'current_probability', 'title']),
      sortOrderParam,
    ],
    responses: {
      '200': ok('ThreadMarketsResponse', 'A page of markets.'),
      '400': invalid,
      '404': notFound('THREAD_NOT_FOUND'),
    },
  }),
  '/api/threads/{id}/chapters': getOperation({
    operationId: 'listThreadChapters',
    summary: "A thread's chapters by position",
    tags: ['Threads'],
    parameters: [idParam('thread')],
    responses: { '200': ok('ThreadChaptersResponse', 'The chapters.'), '400': invalid, '404': notFound('NOT_FOUND') },
  }),
  '/api/threads/{id}/social-links': getOperation({
    operationId: 'listThreadSocialLinks',
    summary: 'YES/NO social-post links for every active market of a thread',
    tags: ['Threads', 'Social'],
    parameters: [idParam('thread'), queryParam('amount', usdAmountSchema({ default: 10 }), 'USD, at most 2 decimals.')],
    responses: {
      '200': ok('ThreadSocialLinksResponse', 'The links.'),
      '400': invalid,
      '404': notFound('THREAD_NOT_FOUND'),
    },
  }),
  '/api/organizations/{id}': getOperation({
    operationId: 'getOrganization',
    summary: 'Organization branding metadata',
    tags: ['Organizations'],
    parameters: [idParam('organization')],
    responses: { '200': ok('OrganizationResponse', 'The organization.'), '400': invalid, '404': notFound('NOT_FOUND') },
  }),
  '/api/organizations/{id}/threads': ownerThreads('organization'),
  '/api/partners/{id}': getOperation({
    operationId: 'getPartner',
    summary: 'Partner branding metadata',
    tags: ['Partners'],
    parameters: [idParam('partner')],
    responses: { '200': ok('PartnerResponse', 'The partner.'), '400': invalid, '404': notFound('NOT_FOUND') },
  }),
  '/api/partners/{id}/threads': ownerThreads('partner'),
});
