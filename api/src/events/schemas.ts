import { z } from '@hono/zod-openapi';
import { CrawlLogSchema, CrawlResultSchema, CrawlSchema } from '../crawls/schemas.js';

const eventBase = {
  id: z.number().int().openapi({
    description: 'Grows in commit order within a crawl; send it back as `Last-Event-ID` to resume after it.',
  }),
  createdAt: z.iso.datetime(),
};

export const CrawlEventSchema = z
  .object({ ...eventBase, type: z.literal('CRAWL_EVENT'), crawlId: z.uuid(), crawl: CrawlSchema })
  .openapi('CrawlEvent', {
    description:
      'The crawl was started or changed status; `crawl` is its state when the event was delivered.',
  });

export const CrawlResultCreatedEventSchema = z
  .object({
    ...eventBase,
    type: z.literal('CRAWL_RESULT_CREATED_EVENT'),
    crawlId: z.uuid(),
    crawlResult: CrawlResultSchema.partial({ markdown: true }).openapi({
      description:
        'The stored result; `markdown` is left out when the stream was opened with `includeMarkdown=false`.',
    }),
    totalCount: z
      .number()
      .int()
      .openapi({ description: 'How many results the crawl had once this one was stored.' }),
  })
  .openapi('CrawlResultCreatedEvent');

export const CrawlLogCreatedEventSchema = z
  .object({
    ...eventBase,
    type: z.literal('CRAWL_LOG_CREATED_EVENT'),
    crawlId: z.uuid(),
    crawlLog: CrawlLogSchema,
  })
  .openapi('CrawlLogCreatedEvent');

export const SubscriptionChangedEventSchema = z
  .object({
    ...eventBase,
    type: z.literal('SUBSCRIPTION_CHANGED_EVENT'),
    crawlId: z.null(),
    team: z.object({ id: z.uuid(), name: z.string() }),
  })
  .openapi('SubscriptionChangedEvent', { description: "The team's subscription changed (WebSocket only)." });

/** What a crawl's event stream carries. */
export const CrawlStreamEventSchema = z
  .discriminatedUnion('type', [CrawlEventSchema, CrawlResultCreatedEventSchema, CrawlLogCreatedEventSchema])
  .openapi('CrawlStreamEvent');

/** What the `/events` WebSocket carries: every crawl event of the team, and the team's own. */
export const TeamEventSchema = z
  .discriminatedUnion('type', [
    CrawlEventSchema,
    CrawlResultCreatedEventSchema,
    CrawlLogCreatedEventSchema,
    SubscriptionChangedEventSchema,
  ])
  .openapi('TeamEvent');

export const CrawlEventsQuerySchema = z.object({
  includeMarkdown: z
    .enum(['true', 'false'], { error: 'includeMarkdown must be true or false' })
    .default('true')
    .transform((v) => v === 'true')
    .openapi({
      param: { name: 'includeMarkdown', in: 'query' },
      type: 'boolean',
      description: "Send each result's markdown; `false` for watchers that only count results.",
    }),
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'lastEventId must be an event id' })
    .optional()
    .openapi({
      param: { name: 'lastEventId', in: 'query' },
      description: 'Resume after this event, for clients that cannot send the `Last-Event-ID` header.',
    }),
});

export const LastEventIdHeaderSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,18}$/, { error: 'Last-Event-ID must be an event id' })
    .optional()
    .openapi({
      param: { name: 'last-event-id', in: 'header' },
      description: 'Resume after this event id (EventSource sends it when it reconnects).',
    }),
});
