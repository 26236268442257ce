/*
 * The demo organizations, partners, threads, chapters and users loaded by `npm start`. Fixed ids keep seeding
 * idempotent and demo links stable.
 */
import type { NewChapter } from '../../../apps/public-read/src/db/chapters/chapters.repository.js';
import type { NewOrganization } from '#shared/db/organizations/organizations.repository.js';
import type { NewPartner } from '#shared/db/partners/partners.repository.js';
import type { NewThread } from '#shared/db/threads/threads.repository.js';
import type { NewUser } from '#shared/db/users/users.repository.js';

export type WithId<T> = T & { id: string };

/** A fixed, valid v4-shaped UUID per (kind, n): stable across runs so seeding is idempotent. */
export const demoId = (kind: number, n: number): string =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const utc = (iso: string): Date => new Date(iso);

export const demoIds = {
  organizations: { acme: demoId(0xd0, 1), civic: demoId(0xd0, 2) },
  partners: { goalLine: demoId(0xd1, 1), ballotWatch: demoId(0xd1, 2) },
  threads: { championship: demoId(0xd2, 1), election: demoId(0xd2, 2), techLaunches: demoId(0xd2, 3) },
  chapters: {
    groupStage: demoId(0xd3, 1),
    knockouts: demoId(0xd3, 2),
    final: demoId(0xd3, 3),
    senate: demoId(0xd3, 4),
    governors: demoId(0xd3, 5),
  },
  users: { alice: demoId(0xd5, 1), bob: demoId(0xd5, 2), carol: demoId(0xd5, 3) },
};
const { organizations: o, partners: p, threads: t, chapters: c } = demoIds;

export const demoOrganizations: WithId<NewOrganization>[] = [
  {
    id: o.acme,
    name: 'Acme Sports Network',
    slug: 'acme-sports',
    displayName: 'Acme Sports',
    tagline: 'Every match, every market',
    colorPrimary: '#1f6feb',
    logoUrl: 'https://cdn.example/logos/acme-sports.png',
    status: 'active',
  },
  {
    id: o.civic,
    name: 'Civic Pulse Media',
    slug: 'civic-pulse',
    displayName: 'Civic Pulse',
    tagline: 'Forecasting the ballot',
    colorPrimary: '#d1242f',
    logoUrl: null,
    status: 'active',
  },
];

export const demoPartners: WithId<NewPartner>[] = [
  {
    id: p.goalLine,
    organizationId: o.acme,
    name: 'Goal Line Podcast',
    slug: 'goal-line',
    description: 'A weekly football podcast.',
    displayName: 'Goal Line',
    tagline: 'Called it first',
    colorPrimary: '#2da44e',
    logoUrl: null,
    websiteUrl: 'https://goal-line.example',
    status: 'active',
  },
  {
    id: p.ballotWatch,
    organizationId: o.civic,
    name: 'Ballot Watch',
    slug: 'ballot-watch',
    description: null,
    displayName: null,
    tagline: 'Polls, explained',
    colorPrimary: null,
    logoUrl: null,
    websiteUrl: null,
    status: 'inactive',
  },
];

export const demoThreads: WithId<NewThread>[] = [
  {
    id: t.championship,
    organizationId: o.acme,
    partnerId: p.goalLine,
    title: '2027 Championship Season',
    description: 'Markets on the **2027 championship**, from the group stage to the final.',
    imageUrl: 'https://cdn.example/threads/championship.png',
    backgroundImageUrl: 'https://cdn.example/threads/championship-bg.png',
    status: 'active',
    category: 'sports',
    tags: ['football', 'championship'],
    startTime: utc('2027-01-10T00:00:00Z'),
    endTime: utc('2027-06-30T00:00:00Z'),
  },
  {
    id: t.election,
    organizationId: o.civic,
    partnerId: p.ballotWatch,
    title: 'Election Night 2026',
    description: 'Senate and governor races, settled on certified results.',
    status: 'resolved',
    category: 'politics',
    tags: ['elections', 'us'],
    startTime: utc('2026-09-01T00:00:00Z'),
    endTime: utc('2026-11-04T00:00:00Z'),
  },
  {
    id: t.techLaunches,
    title: 'Tech Launch Tracker',
    description: 'Will the big launches ship on time?',
    status: 'active',
    category: 'technology',
    tags: ['launches'],
  },
];

/** The tech thread deliberately has no chapters. */
export const demoChapters: WithId<NewChapter>[] = [
  { id: c.groupStage, threadId: t.championship, title: 'Group stage', position: 1 },
  { id: c.knockouts, threadId: t.championship, title: 'Knockouts', position: 2 },
  { id: c.final, threadId: t.championship, title: 'Final', position: 3 },
  { id: c.senate, threadId: t.election, title: 'Senate', position: 1 },
  { id: c.governors, threadId: t.election, title: 'Governors', position: 2 },
];

export const demoUsers: WithId<NewUser>[] = [
  { id: demoIds.users.alice, email: 'alice@foretell.test' },
  { id: demoIds.users.bob, email: 'bob@foretell.test' },
  { id: demoIds.users.carol, email: 'carol@foretell.test' },
];
