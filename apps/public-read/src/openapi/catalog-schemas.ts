/* OpenAPI component schemas of threads, chapters, organizations, partners, social links, pagination and errors. */
import { threadStatuses } from '#shared/db/repositories/threads.repository.js';
import {
  array,
  boolean,
  dateTime,
  enumOf,
  integer,
  nullableString,
  object,
  string,
  type JsonSchema,
} from './schema-helpers.js';

const hexColour: JsonSchema = { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' };
const nullableHexColour: JsonSchema = { type: ['string', 'null'], pattern: '^#[0-9a-fA-F]{6}$' };

const threadProperties = {
  id: string(),
  title: string(),
  description: string('May contain markdown.'),
  totalVolume: integer('Sum of the thread markets volumes (cents), computed on read.'),
  marketCount: integer(),
  participantCount: integer('Distinct trading accounts across the thread markets.'),
  startTime: integer('Unix seconds.'),
  endTime: integer('Unix seconds.'),
  status: enumOf(threadStatuses),
  category: string(),
  tags: array(string()),
  createdAt: dateTime,
  updatedAt: dateTime,
};

const socialLinkItem = object({
  marketId: string(),
  question: string(),
  sourceSocialPostUrl: nullableString(
    'The post the links reply to; null: they are new posts carrying the market page.',
  ),
  yesLink: string('Intent URL of the YES reply.'),
  noLink: string('Intent URL of the NO reply.'),
  yesPostContent: string(),
  noPostContent: string(),
});

export const catalogSchemas: Record<string, JsonSchema> = {
  Error: object(
    {
      error: string('Short label, e.g. "Bad Request", "ValidationError".'),
      message: string(),
      code: string('UPPER_CASE error code.'),
      retryAfter: integer('Seconds until the rate-limit window resets (429 only).'),
      requestId: string('Quoted for 500 errors.'),
      extensions: { type: 'object' },
    },
    ['message', 'code', 'retryAfter', 'requestId', 'extensions'],
  ),
  ErrorOnly: object({ error: string() }),
  Pagination: object({ offset: integer(), limit: integer(), total: integer(), hasMore: boolean }),
  Thread: object(threadProperties, ['startTime', 'endTime']),
  ThreadDetail: object({ ...threadProperties, image: nullableString(), backgroundImage: nullableString() }, [
    'startTime',
    'endTime',
  ]),
  Chapter: object({
    chapterId: string(),
    title: string(),
    position: { type: ['integer', 'null'] },
    total: { type: ['integer', 'null'], description: 'Chapters in the thread.' },
    marketCount: integer(),
  }),
  ThreadSocialLink: socialLinkItem,
  Organization: object({
    id: string(),
    name: string(),
    slug: string(),
    displayName: string(),
    tagline: string(),
    colorPrimary: hexColour,
    logoUrl: nullableString(),
    status: nullableString(),
  }),
  Partner: object({
    id: string(),
    organizationId: string(),
    name: string(),
    slug: string(),
    description: nullableString(),
    displayName: nullableString(),
    tagline: string(),
    colorPrimary: nullableHexColour,
    logoUrl: nullableString(),
    websiteUrl: nullableString(),
    status: enumOf(['active', 'inactive']),
  }),
};
