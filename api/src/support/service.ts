import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../app-env.js';
import type { AuthContext } from '../auth/bearer.js';
import type { Database } from '../db/client.js';
import {
  crawlResultReports,
  crawlResults,
  crawls,
  supportAttachments,
  supportRequests,
  teams,
  users,
} from '../db/schema.js';
import { notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import type { Attachment } from './attachments.js';
import type { PROBLEM_TYPES } from './schemas.js';

export type ProblemType = (typeof PROBLEM_TYPES)[number];
export type SupportRequestRow = typeof supportRequests.$inferSelect;
export type CrawlResultReportRow = typeof crawlResultReports.$inferSelect;
type AttachmentInfo = Omit<typeof supportAttachments.$inferSelect, 'data'>;

export const PROBLEM_LABELS: Record<ProblemType, string> = {
  missing_information: 'Missing information',
  too_much_information: 'Too much information',
  incorrect_information: 'Incorrect information',
  duplicate_information: 'Duplicate information',
  other: 'Other',
};

/** Who is writing: the user's email and name, and the team's name, for the support address to answer. */
async function senderOf(db: Database, auth: AuthContext) {
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, auth.teamId));
  const [user] = auth.userId
    ? await db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, auth.userId))
    : [];
  const who = user ? `${user.firstName} ${user.lastName} <${user.email}>` : 'an API token with no user';
  return { email: user?.email ?? null, line: `From: ${who}, team "${team?.name ?? auth.teamId}"` };
}

/** Keeps the request with its files, then emails it (files attached) to the support address. */
export async function createSupportRequest(
  deps: AppDeps,
  auth: AuthContext,
  fields: { subject: string; message: string },
  files: Attachment[],
): Promise<{ request: SupportRequestRow; attachments: AttachmentInfo[] }> {
  const sender = await senderOf(deps.db, auth);
  const stored = await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .insert(supportRequests)
      .values({ teamId: auth.teamId, userId: auth.userId, email: sender.email, ...fields })
      .returning();
    const attachments = files.length
      ? await tx
          .insert(supportAttachments)
          .values(files.map((f) => ({ supportRequestId: request!.id, ...f })))
          .returning({
            id: supportAttachments.id,
            supportRequestId: supportAttachments.supportRequestId,
            filename: supportAttachments.filename,
            contentType: supportAttachments.contentType,
            size: supportAttachments.size,
            createdAt: supportAttachments.createdAt,
          })
      : [];
    return { request: request!, attachments };
  });
  const listing = files.length
    ? files.map((f) => `- ${f.filename} (${f.contentType}, ${Math.ceil(f.size / 1024)} KB)`).join('\n')
    : 'none';
  await deps.mailer.send({
    to: deps.config.supportEmail,
    subject: `Support request: ${fields.subject}`,
    text: [
      sender.line,
      `Reply to: ${sender.email ?? 'no email'}`,
      '',
      fields.message,
      '',
      `Attachments: ${listing}`,
      `Read it in the admin area: ${deps.config.publicUrl}/admin/support (request ${stored.request.id})`,
    ].join('\n'),
    attachments: files.map(({ filename, data, contentType }) => ({ filename, content: data, contentType })),
  });
  return stored;
}

/** Keeps a report on one of the caller's crawl results (a 404 for anyone else's) and tells support. */
export async function reportCrawlResult(
  deps: AppDeps,
  auth: AuthContext,
  body: { crawlResultId: string; problemType: ProblemType; description: string },
): Promise<CrawlResultReportRow> {
  if (!isUuid(body.crawlResultId)) throw notFound('Crawl result');
  const scope = [eq(crawlResults.id, body.crawlResultId), eq(crawls.teamId, auth.teamId)];
  if (auth.projectId) scope.push(eq(crawls.projectId, auth.projectId));
  const [found] = await deps.db
    .select({ result: crawlResults, deduplicateContent: crawls.deduplicateContent })
    .from(crawlResults)
    .innerJoin(crawls, eq(crawls.id, crawlResults.crawlId))
    .where(and(...scope))
    .limit(1);
  if (!found) throw notFound('Crawl result');
  const [report] = await deps.db
    .insert(crawlResultReports)
    .values({
      teamId: auth.teamId,
      userId: auth.userId,
      crawlId: found.result.crawlId,
      crawlResultId: found.result.id,
      url: found.result.url,
      problemType: body.problemType,
      description: body.description,
      duplicatesRemovedCount: found.result.duplicatesRemovedCount,
      deduplicateContent: found.deduplicateContent,
    })
    .returning();
  const sender = await senderOf(deps.db, auth);
  await deps.mailer.send({
    to: deps.config.supportEmail,
    subject: `Problem report: ${PROBLEM_LABELS[body.problemType]}`,
    text: [
      sender.line,
      '',
      `Crawl result ${found.result.id} of crawl ${found.result.crawlId}: ${found.result.url}`,
      `Deduplication ${found.deduplicateContent ? 'on' : 'off'}, ${found.result.duplicatesRemovedCount} duplicate blocks removed.`,
      '',
      body.description || '(no details)',
      '',
      `Read it in the admin area: ${deps.config.publicUrl}/admin/support`,
    ].join('\n'),
  });
  return report!;
}

export async function listSupportRequests(db: Database, where: { id?: string }, page: number, limit: number) {
  const filter = where.id ? eq(supportRequests.id, where.id) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ request: supportRequests, teamName: teams.name })
      .from(supportRequests)
      .leftJoin(teams, eq(teams.id, supportRequests.teamId))
      .where(filter)
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(limit)
      .offset(page * limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(supportRequests)
      .where(filter),
  ]);
  const ids = rows.map((r) => r.request.id);
  const files = ids.length
    ? await db
        .select({
          id: supportAttachments.id,
          supportRequestId: supportAttachments.supportRequestId,
          filename: supportAttachments.filename,
          contentType: supportAttachments.contentType,
          size: supportAttachments.size,
          createdAt: supportAttachments.createdAt,
        })
        .from(supportAttachments)
        .where(inArray(supportAttachments.supportRequestId, ids))
        .orderBy(supportAttachments.createdAt, supportAttachments.filename)
    : [];
  return {
    rows: rows.map((r) => ({
      ...r,
      attachments: files.filter((f) => f.supportRequestId === r.request.id),
    })),
    total: Number(count?.total ?? 0),
  };
}

export async function getSupportAttachment(db: Database, requestId: string, attachmentId: string) {
  if (!isUuid(requestId) || !isUuid(attachmentId)) throw notFound('Attachment');
  const [row] = await db
    .select()
    .from(supportAttachments)
    .where(and(eq(supportAttachments.id, attachmentId), eq(supportAttachments.supportRequestId, requestId)))
    .limit(1);
  if (!row) throw notFound('Attachment');
  return row;
}

export async function listCrawlResultReports(db: Database, page: number, limit: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ report: crawlResultReports, teamName: teams.name, email: users.email })
      .from(crawlResultReports)
      .innerJoin(teams, eq(teams.id, crawlResultReports.teamId))
      .leftJoin(users, eq(users.id, crawlResultReports.userId))
      .orderBy(desc(crawlResultReports.createdAt), desc(crawlResultReports.id))
      .limit(limit)
      .offset(page * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(crawlResultReports),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}
