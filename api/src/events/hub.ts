import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.js';
import { crawlLogs, crawlResults, crawls, events, teams } from '../db/schema.js';
import {
  toCrawlDto,
  toCrawlLogDto,
  toCrawlResultDto,
  type CrawlDto,
  type CrawlLogDto,
  type CrawlResultDto,
} from '../crawls/serialize.js';
import type { Logger } from '../logger.js';
import { EVENTS_CHANNEL, parseNotification, type EventType } from './record.js';

/** One event as clients receive it: the row it announces, read when it is delivered. */
export interface LiveEvent {
  /** Grows in commit order within one crawl; what `Last-Event-ID` names. */
  id: number;
  type: EventType;
  crawlId: string | null;
  createdAt: string;
  crawl?: CrawlDto;
  crawlResult?: CrawlResultDto;
  /** With `crawlResult`: how many results the crawl had once this one was stored. */
  totalCount?: number;
  crawlLog?: CrawlLogDto;
  team?: { id: string; name: string };
}

export interface SubscribeOptions {
  teamId: string;
  /** Only this project's crawls (a project-bound token). */
  projectId?: string | null;
  /** One crawl only; without it, every crawl of the team and the team's own events. */
  crawlId?: string;
  /** Deliver events after this id (a crawl subscription resuming from `Last-Event-ID`); 0 replays from the start. */
  after?: number;
  /** Leave `markdown` out of results, for watchers that only count them. */
  omitMarkdown?: boolean;
  /** Receives events in order; the next batch waits until this resolves, so a slow client only slows itself. */
  deliver(events: LiveEvent[]): Promise<void> | void;
  /** For a crawl subscription: called once every event of a crawl that has ended has been delivered. */
  onEnd?(): void;
}

export interface EventSubscription {
  close(): void;
}

export interface EventHub {
  subscribe(options: SubscribeOptions): Promise<EventSubscription>;
  close(): Promise<void>;
}

const BATCH = 200;
/** The key of a team's own events (those of no crawl) among a subscription's per-crawl cursors. */
const TEAM_KEY = '';

interface Subscriber {
  options: SubscribeOptions;
  /** Per crawl (and TEAM_KEY): the last event id delivered. Ids are ordered within a crawl, not across crawls. */
  cursors: Map<string, number>;
  /** Where a crawl not seen before starts: the newest event id when the subscription began. */
  floor: number;
  dirty: Set<string>;
  discover: boolean;
  pumping: boolean;
  closed: boolean;
  ended: boolean;
}

/**
 * Fans committed events out to live subscribers. Postgres NOTIFY (delivered on commit, in-process on
 * PGlite) says which crawl changed; the hub then reads that crawl's events past each subscriber's cursor,
 * so delivery is exactly once and in order even when notifications are coalesced or a listener reconnects.
 */
export async function createEventHub(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  logger: Logger,
): Promise<EventHub> {
  const { db } = database;
  const subscribers = new Set<Subscriber>();

  const schedule = (sub: Subscriber): void => {
    if (sub.pumping || sub.closed) return;
    sub.pumping = true;
    void pump(db, sub)
      .catch((err: unknown) => logger.warn('Delivering live events failed', err))
      .finally(() => {
        sub.pumping = false;
        if (!sub.closed && (sub.dirty.size > 0 || sub.discover)) schedule(sub);
      });
  };

  const onNotify = (payload: string): void => {
    const note = parseNotification(payload);
    if (!note) return;
    for (const sub of subscribers) {
      if (sub.options.teamId !== note.teamId) continue;
      if (sub.options.crawlId && sub.options.crawlId !== note.crawlId) continue;
      sub.dirty.add(note.crawlId ?? TEAM_KEY);
      schedule(sub);
    }
  };
  // On every (re)connection of the listener: anything may have been missed, so look again.
  const onListen = (): void => {
    for (const sub of subscribers) {
      if (sub.options.crawlId) sub.dirty.add(sub.options.crawlId);
      else sub.discover = true;
      schedule(sub);
    }
  };
  const unlisten = await database.listen(EVENTS_CHANNEL, onNotify, onListen);

  return {
    async subscribe(options) {
      const [newest] = await db
        .select({ id: sql<number>`coalesce(max(${events.id}), 0)::bigint` })
        .from(events);
      const sub: Subscriber = {
        options,
        cursors: new Map(),
        floor: Number(newest?.id ?? 0),
        dirty: new Set(),
        discover: false,
        pumping: false,
        closed: false,
        ended: false,
      };
      if (options.crawlId) {
        sub.cursors.set(options.crawlId, options.after ?? 0);
        sub.dirty.add(options.crawlId);
      }
      subscribers.add(sub);
      schedule(sub);
      return {
        close() {
          sub.closed = true;
          subscribers.delete(sub);
        },
      };
    },
    async close() {
      for (const sub of subscribers) sub.closed = true;
      subscribers.clear();
      await unlisten();
    },
  };
}

async function pump(db: Database, sub: Subscriber): Promise<void> {
  if (sub.discover) {
    sub.discover = false;
    const rows = await db
      .selectDistinct({ crawlId: events.crawlId })
      .from(events)
      .where(and(eq(events.teamId, sub.options.teamId), gt(events.id, sub.floor)));
    for (const row of rows) sub.dirty.add(row.crawlId ?? TEAM_KEY);
  }
  while (sub.dirty.size > 0 && !sub.closed) {
    const key = sub.dirty.values().next().value as string;
    sub.dirty.delete(key);
    const more = key === TEAM_KEY ? await drainTeam(db, sub) : await drainCrawl(db, sub, key);
    if (more) sub.dirty.add(key);
  }
}

/** Delivers the next events of one crawl; true when there may be more. */
async function drainCrawl(db: Database, sub: Subscriber, crawlId: string): Promise<boolean> {
  const { options } = sub;
  // The crawl is read before its events: if it had ended by then, every event it will ever have is visible.
  const [crawl] = await db
    .select()
    .from(crawls)
    .where(and(eq(crawls.id, crawlId), eq(crawls.teamId, options.teamId)))
    .limit(1);
  if (!crawl || (options.projectId && crawl.projectId !== options.projectId)) return false;
  const after = sub.cursors.get(crawlId) ?? sub.floor;
  const rows = await readEvents(db, and(eq(events.crawlId, crawlId), gt(events.id, after)));
  if (rows.length > 0) {
    // Read again: a status change may have committed between the two reads, and its event is in `rows`.
    const [current] = rows.some((r) => r.type === 'CRAWL_EVENT')
      ? await db.select().from(crawls).where(eq(crawls.id, crawlId)).limit(1)
      : [crawl];
    const dto = toCrawlDto(current ?? crawl);
    const resultIds = rows
      .filter((r) => r.type === 'CRAWL_RESULT_CREATED_EVENT' && r.refId)
      .map((r) => r.refId!);
    const logIds = rows.filter((r) => r.type === 'CRAWL_LOG_CREATED_EVENT' && r.refId).map((r) => r.refId!);
    const [results, logs] = await Promise.all([
      resultIds.length ? db.select().from(crawlResults).where(inArray(crawlResults.id, resultIds)) : [],
      logIds.length ? db.select().from(crawlLogs).where(inArray(crawlLogs.id, logIds)) : [],
    ]);
    const resultById = new Map(results.map((r) => [r.id, r]));
    const logById = new Map(logs.map((l) => [l.id, l]));
    const live: LiveEvent[] = [];
    for (const row of rows) {
      const base = { id: row.id, type: row.type, crawlId, createdAt: row.createdAt.toISOString() };
      if (row.type === 'CRAWL_EVENT') live.push({ ...base, crawl: dto });
      else if (row.type === 'CRAWL_RESULT_CREATED_EVENT') {
        const result = row.refId ? resultById.get(row.refId) : undefined;
        if (!result) continue;
        const crawlResult = toCrawlResultDto(result);
        if (options.omitMarkdown) delete (crawlResult as Partial<CrawlResultDto>).markdown;
        live.push({ ...base, crawlResult, totalCount: result.position });
      } else if (row.type === 'CRAWL_LOG_CREATED_EVENT') {
        const log = row.refId ? logById.get(row.refId) : undefined;
        if (log) live.push({ ...base, crawlLog: toCrawlLogDto(log) });
      }
    }
    sub.cursors.set(crawlId, rows[rows.length - 1]!.id);
    if (live.length > 0 && !sub.closed) await options.deliver(live);
  }
  if (rows.length === BATCH) return true;
  if (crawl.status !== 'running' && options.crawlId === crawlId && !sub.ended && !sub.closed) {
    sub.ended = true;
    options.onEnd?.();
  }
  return false;
}

async function drainTeam(db: Database, sub: Subscriber): Promise<boolean> {
  const { options } = sub;
  const after = sub.cursors.get(TEAM_KEY) ?? sub.floor;
  const rows = await readEvents(
    db,
    and(eq(events.teamId, options.teamId), isNull(events.crawlId), gt(events.id, after)),
  );
  if (rows.length === 0) return false;
  const [team] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.id, options.teamId))
    .limit(1);
  sub.cursors.set(TEAM_KEY, rows[rows.length - 1]!.id);
  if (team && !sub.closed) {
    await options.deliver(
      rows.map((row) => ({
        id: row.id,
        type: row.type,
        crawlId: null,
        createdAt: row.createdAt.toISOString(),
        team,
      })),
    );
  }
  return rows.length === BATCH;
}

async function readEvents(db: Database, where: SQL | undefined) {
  const rows = await db.select().from(events).where(where).orderBy(asc(events.id)).limit(BATCH);
  // postgres-js may hand bigint identities back as strings.
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
