import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const crawlStatus = pgEnum('crawl_status', [
  'running',
  'succeeded',
  'failed',
  'aborted',
  'timed_out',
  'error',
]);
export const engineType = pgEnum('engine_type', ['cheerio', 'playwright', 'auto']);
export const crawlOrigin = pgEnum('crawl_origin', ['web', 'api']);
export const logLevel = pgEnum('log_level', ['info', 'debug', 'warn', 'error']);
export const changeStatus = pgEnum('change_status', ['new', 'changed', 'unchanged', 'removed']);

/** How a recrawl's pages compare with the crawl it repeats. */
export interface ChangeCounts {
  new: number;
  changed: number;
  unchanged: number;
  removed: number;
}
export const frontierState = pgEnum('frontier_state', ['pending', 'claimed', 'done']);

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    usageUsed: integer('usage_used').notNull().default(0),
    /** Units a billing period allows; null: the server's TRAWL_MAX_USAGE (api/src/billing/usage.ts). */
    maxUsage: integer('max_usage'),
    stripeSubscriptionStatus: text('stripe_subscription_status'),
    priceLookupKey: text('price_lookup_key'),
    /** When the billing period `usageUsed` counts began. */
    usagePeriodStart: timestamp('usage_period_start', { withTimezone: true }).notNull().defaultNow(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The one team that owns crawls started by visitors without an account (the public try-out). */
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teams_public_key')
      .on(t.isPublic)
      .where(sql`${t.isPublic}`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{user}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** Finds a user by email the way `users_email_key` is unique: without regard to case. */
export const userEmailIs = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('projects_team_idx').on(t.teamId)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The first characters of the token, shown in lists so people can tell tokens apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_team_idx').on(t.teamId)],
);

export const crawls = pgTable(
  'crawls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The folder the crawl is filed in (SPEC.md section 3); null at the top of the project. */
    parentId: uuid('parent_id').references((): AnyPgColumn => crawlFolders.id, { onDelete: 'set null' }),
    status: crawlStatus('status').notNull().default('running'),
    startUrls: text('start_urls').array().notNull(),
    maxResults: integer('max_results').notNull(),
    maxDepth: integer('max_depth').notNull(),
    useSitemap: boolean('use_sitemap').notNull(),
    entireWebsite: boolean('entire_website').notNull(),
    includeLinks: boolean('include_links').notNull(),
    excludeNonMainTags: boolean('exclude_non_main_tags').notNull(),
    deduplicateContent: boolean('deduplicate_content').notNull(),
    engineType: engineType('engine_type').notNull(),
    useStaticIps: boolean('use_static_ips').notNull(),
    timeout: bigint('timeout', { mode: 'number' }).notNull(),
    extraction: text('extraction'),
    /** AI extraction: how the instruction is applied (`llm` or `relevance`), its data schema, tokens used. */
    extractionMethod: text('extraction_method').$type<'llm' | 'relevance'>(),
    extractionSchema: jsonb('extraction_schema').$type<Record<string, unknown>>(),
    extractionTokens: integer('extraction_tokens').notNull().default(0),
    origin: crawlOrigin('origin').notNull(),
    numberOfResults: integer('number_of_results').notNull().default(0),
    title: text('title'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    durationInSeconds: integer('duration_in_seconds'),
    /** A recrawl: the crawl its results are compared with (api/src/changes); null for a plain crawl. */
    compareWith: uuid('compare_with').references((): AnyPgColumn => crawls.id, { onDelete: 'set null' }),
    /** A comparison's counts once it ended; null when the crawl compares with nothing. */
    changes: jsonb('changes').$type<ChangeCounts>(),
  },
  (t) => [
    index('crawls_team_project_created_idx').on(t.teamId, t.projectId, t.createdAt),
    index('crawls_parent_idx')
      .on(t.parentId)
      .where(sql`${t.parentId} is not null`),
    index('crawls_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);

export const crawlResults = pgTable(
  'crawl_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    crawlId: uuid('crawl_id')
      .notNull()
      .references(() => crawls.id, { onDelete: 'cascade' }),
    /** 1-based order in which the result was stored; the number shown on result cards. */
    position: integer('position').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    duplicatesRemovedCount: integer('duplicates_removed_count').notNull().default(0),
    /** AI extraction: the data the crawl's schema asked for, and the tokens the page cost. */
    data: jsonb('data'),
    extractionTokens: integer('extraction_tokens'),
    /** The normalised final URL, which matches a page across the crawls of a series. */
    urlKey: text('url_key'),
    /** Compared with the previous crawl of its series; null when the crawl compares with nothing. */
    changeStatus: changeStatus('change_status'),
    /** A changed page: unified diff of its markdown against the previous crawl's. */
    diff: text('diff'),
    /** What the next recrawl asks the server with (If-None-Match, If-Modified-Since) or compares. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    contentHash: text('content_hash'),
    /** The page's same-site links, followed again when a recrawl finds the page not modified (304). */
    links: text('links').array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crawl_results_position_key').on(t.crawlId, t.position),
    index('crawl_results_url_key_idx').on(t.crawlId, t.urlKey),
  ],
);

export const crawlLogs = pgTable(
  'crawl_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    crawlId: uuid('crawl_id')
      .notNull()
      .references(() => crawls.id, { onDelete: 'cascade' }),
    level: logLevel('level').notNull(),
    message: text('message').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [index('crawl_logs_crawl_seq_idx').on(t.crawlId, t.seq)],
);

/** The crawl's frontier and seen-set in one: every URL the crawl has found, keyed by its normalised form. */
export const crawlFrontier = pgTable(
  'crawl_frontier',
  {
    crawlId: uuid('crawl_id')
      .notNull()
      .references(() => crawls.id, { onDelete: 'cascade' }),
    urlKey: text('url_key').notNull(),
    url: text('url').notNull(),
    depth: integer('depth').notNull(),
    state: frontierState('state').notNull().default('pending'),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The batch holding this URL while it is claimed; a commit stores only what its batch still holds. */
    claimToken: text('claim_token'),
    /** When the URL was claimed: a claim older than the lease is taken back (its worker died). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.crawlId, t.urlKey] }),
    index('crawl_frontier_pending_idx')
      .on(t.crawlId, t.depth, t.seq)
      .where(sql`${t.state} = 'pending'`),
    index('crawl_frontier_claimed_idx')
      .on(t.crawlId, t.claimedAt)
      .where(sql`${t.state} = 'claimed'`),
  ],
);

/**
 * Hashes of the content blocks a running crawl has stored, so a repeated block is kept only at its first
 * occurrence. When the crawl ends they move into one `crawlBlockMemory` row.
 */
export const crawlBlockHashes = pgTable(
  'crawl_block_hashes',
  {
    crawlId: uuid('crawl_id')
      .notNull()
      .references(() => crawls.id, { onDelete: 'cascade' }),
    hash: bigint('hash', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.crawlId, t.hash] })],
);

/**
 * The block hashes of an ended crawl that deduplicated, as one sorted array: what a recrawl of it
 * deduplicates against (api/src/crawls/commit-batch.ts). A tenth of the space the rows took.
 */
export const crawlBlockMemory = pgTable('crawl_block_memory', {
  crawlId: uuid('crawl_id')
    .primaryKey()
    .references(() => crawls.id, { onDelete: 'cascade' }),
  hashes: bigint('hashes', { mode: 'number' }).array().notNull(),
});

/**
 * The pages a crawl that deduplicated left out as duplicates (by URL key). A recrawl judges these pages
 * against the content that crawl stored, whatever order pages arrive in (api/src/crawls/commit-batch.ts).
 */
export const crawlSkippedDuplicates = pgTable(
  'crawl_skipped_duplicates',
  {
    crawlId: uuid('crawl_id')
      .notNull()
      .references(() => crawls.id, { onDelete: 'cascade' }),
    urlKey: text('url_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.crawlId, t.urlKey] })],
);

/**
 * Hashes of whole pages a crawl has stored, so one article under two URLs is stored once. Kept as they are
 * when the crawl ends: a recrawl of it looks up the pages it left out (api/src/crawls/commit-batch.ts).
 */
export const crawlPageHashes = pgTable(
  'crawl_page_hashes',
  {
    crawlId: uuid('crawl_id')
      .notNull()
      .references(() => crawls.id, { onDelete: 'cascade' }),
    hash: bigint('hash', { mode: 'number' }).notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.crawlId, t.hash] })],
);

/** A fetched batch waiting to be deduplicated and stored, between two Temporal activities. */
export const crawlBatches = pgTable(
  'crawl_batches',
  {
    batchId: text('batch_id').primaryKey(),
    crawlId: uuid('crawl_id')
      .notNull()
      .references(() => crawls.id, { onDelete: 'cascade' }),
    outcome: jsonb('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('crawl_batches_crawl_idx').on(t.crawlId)],
);

export const eventType = pgEnum('event_type', [
  'CRAWL_EVENT',
  'CRAWL_RESULT_CREATED_EVENT',
  'CRAWL_LOG_CREATED_EVENT',
  'SUBSCRIPTION_CHANGED_EVENT',
]);

/**
 * Live events, written in the same transaction as the change they report. They point at the row
 * (crawl, result, log line, team) rather than copying it; ids grow in commit order within one crawl,
 * since a crawl's writes hold its row lock, which is what makes `Last-Event-ID` resumption exact.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    crawlId: uuid('crawl_id').references(() => crawls.id, { onDelete: 'cascade' }),
    type: eventType('type').notNull(),
    /** The result or log line the event is about. */
    refId: uuid('ref_id'),
    createdAt: createdAt(),
  },
  (t) => [index('events_crawl_idx').on(t.crawlId, t.id), index('events_team_idx').on(t.teamId, t.id)],
);

/**
 * Browser sessions: one row per refresh token. Rotating a token marks its row used and adds the next row
 * to the same family; presenting a used token again (a stolen copy) revokes the whole family.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** SHA-256 of the refresh token. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged for the next one. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_family_idx').on(t.familyId), index('sessions_user_idx').on(t.userId)],
);

/** Secrets the server generates once and every replica shares, such as the key that signs access tokens. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Password reset links: single use, short-lived, stored hashed. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Team invitations, by link (no email) or by email; stored hashed, usable until they expire. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set for an invite email: only this address may accept it. */
    email: text('email'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when an email invite was accepted; link invites stay open until they expire. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('team_invites_team_idx').on(t.teamId)],
);

/**
 * Every email the server sends, kept whether or not SMTP is configured: without SMTP this is where
 * reset and invite emails wait, readable by admins and shown in the server log.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
);

/**
 * Rate-limit counters per rule and client IP (api/src/rate-limit.ts), in the database so that every API
 * process behind a balancer counts against the same limit. One row per client and rule: its count in the
 * current fixed window, and when that window ends; rows of ended windows are swept.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    rule: text('rule').notNull(),
    clientIp: text('client_ip').notNull(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rule, t.clientIp] }),
    index('rate_limit_counters_reset_idx').on(t.resetAt),
  ],
);

/**
 * One-time sign-in links, such as the one the first start prints for the admin: stored hashed, used once,
 * short-lived. Using one opens a browser session.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_links_user_idx').on(t.userId)],
);

/**
 * Politeness shared by every crawl worker: each row is one of a host's request slots, held by a request
 * in flight (`token`) until it ends or `expires_at` passes (its worker died). A host has at most
 * TRAWL_PER_HOST_CONCURRENCY rows.
 */
export const hostSlots = pgTable(
  'host_slots',
  {
    host: text('host').notNull(),
    slot: integer('slot').notNull(),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.host, t.slot] })],
);

/** When the next request to a host with a robots.txt Crawl-delay may start, whichever worker sends it. */
export const hostPacing = pgTable('host_pacing', {
  host: text('host').primaryKey(),
  nextStartAt: timestamp('next_start_at', { withTimezone: true }).notNull(),
});

/**
 * A user's crawl searches (Home's search box suggestions): one row per distinct query, `searchedAt` moved
 * forward when it is searched again.
 *
 * Not here: `crawl_results.search_vector`, the tsvector over title and markdown that full-text search reads
 * (with its GIN index), null until the search indexer (api/src/search/indexer.ts) computes it (a partial
 * index finds those rows). It is hand-written SQL in migrations 0009 and 0016 and left out of `crawlResults`
 * on purpose, so that `select()` of results never carries it; api/src/search/vector.ts names it in SQL.
 */
export const userSearchHistory = pgTable(
  'user_search_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.query] }),
    index('user_search_history_recent_idx').on(t.userId, t.searchedAt),
  ],
);

/** Folders of a project's crawls: a crawl's `parentId` names one; deleting a folder leaves its crawls at the top. */
export const crawlFolders = pgTable(
  'crawl_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('crawl_folders_project_idx').on(t.teamId, t.projectId, t.name)],
);

/** Raw bytes: a Buffer in, a Buffer out, on PostgreSQL (postgres.js) and PGlite (which reads a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Support requests (the sidebar's Support dialog): kept here for admins, and emailed to the support address. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who to answer, as it was when the request was sent. */
    email: text('email'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_created_idx').on(t.createdAt)],
);

export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supportRequestId: uuid('support_request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    /** From the file's first bytes, not from what the client claimed. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_attachments_request_idx').on(t.supportRequestId)],
);

/** "Report a problem" with one crawl result. The URL is kept, so a report outlives a deleted result. */
export const crawlResultReports = pgTable(
  'crawl_result_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    crawlId: uuid('crawl_id').references(() => crawls.id, { onDelete: 'set null' }),
    crawlResultId: uuid('crawl_result_id').references(() => crawlResults.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    problemType: text('problem_type').notNull(),
    description: text('description').notNull(),
    duplicatesRemovedCount: integer('duplicates_removed_count').notNull().default(0),
    deduplicateContent: boolean('deduplicate_content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('crawl_result_reports_created_idx').on(t.createdAt)],
);
/** Stripe webhook events already applied, so a replayed delivery changes nothing (api/src/billing/webhook.ts). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * The budget per billing period of a team without one of its own (`teams.max_usage` null), as the API's
 * TRAWL_MAX_USAGE says: written by the API when it starts, read by whichever process commits a batch.
 */
export const billingDefaults = pgTable('billing_defaults', {
  id: text('id').primaryKey(),
  /** Null: unlimited. */
  maxUsage: integer('max_usage'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * AI extraction ledger: each page's answer, kept while its crawl runs, so a crash or a retried step never
 * asks the model (or pays) twice for one page. The crawl's `extraction_tokens` grows with each new row.
 */
export const crawlExtractions = pgTable(
  'crawl_extractions',
  {
    crawlId: uuid('crawl_id')
      .notNull()
      .references(() => crawls.id, { onDelete: 'cascade' }),
    urlKey: text('url_key').notNull(),
    result: jsonb('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.crawlId, t.urlKey] })],
);

export const scheduleKind = pgEnum('schedule_kind', ['cron', 'interval']);
export const scheduleRunStatus = pgEnum('schedule_run_status', ['pending', 'started', 'failed']);

/**
 * Crawl settings run again on a timetable (a cron expression or an interval, in a time zone). The scheduler
 * claims a schedule when `next_run_at` has passed; that time lives here so a restart neither loses nor
 * doubles a run.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The crawl whose settings the schedule repeats, when made from one (kept if that crawl is deleted). */
    sourceCrawlId: uuid('source_crawl_id').references((): AnyPgColumn => crawls.id, { onDelete: 'set null' }),
    /** The start-crawl body each run uses (StartCrawlBody). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    kind: scheduleKind('kind').notNull(),
    cron: text('cron'),
    intervalSeconds: integer('interval_seconds'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Who created it: the origin of the crawls it starts. */
    origin: crawlOrigin('origin').notNull(),
    paused: boolean('paused').notNull().default(false),
    /** Null while paused. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_project_idx').on(t.teamId, t.projectId),
    index('schedules_next_run_idx').on(t.nextRunAt),
  ],
);

/** One run of a schedule per due time: the unique key is the backstop against a run started twice. */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    crawlId: uuid('crawl_id').references((): AnyPgColumn => crawls.id, { onDelete: 'set null' }),
    /** pending: claimed, not launched yet (launched on restart after a crash); started; failed (see error). */
    status: scheduleRunStatus('status').notNull().default('pending'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('schedule_runs_due_idx').on(t.scheduleId, t.dueAt)],
);

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['pending', 'succeeded', 'failed']);

/**
 * A project's webhook endpoints: where crawl events are POSTed, signed with the endpoint's secret
 * (api/src/webhooks/). The secret is shown once, at creation; it is kept to sign with, so it is stored as is.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.projectId)],
);

/**
 * The webhook outbox: one row per event and endpoint, written in the transaction of the change it
 * announces. A claim moves `next_attempt_at` past a lease, so a delivery whose sender died is due again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Every attempt at a delivery: the delivery log of SPEC's console. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
