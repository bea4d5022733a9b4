// Crawls and results written straight into the database, for tests of reads (search, dashboard, delete)
// that need exact content and statuses rather than a real crawl.
import type { Database } from '../src/db/client.js';
import { crawlResults, crawls } from '../src/db/schema.js';

export interface SeedCrawl {
  teamId: string;
  projectId: string;
  status?: (typeof crawls.$inferSelect)['status'];
  startUrl?: string;
  createdAt?: Date;
  results?: Array<{ title: string; markdown: string; url?: string }>;
}

/** Inserts a crawl with its results (positions 1..n); returns the crawl id and result ids in order. */
export async function seedCrawl(
  db: Database,
  seed: SeedCrawl,
): Promise<{ crawlId: string; resultIds: string[] }> {
  const results = seed.results ?? [];
  const startUrl = seed.startUrl ?? 'https://docs.example.com/';
  const [crawl] = await db
    .insert(crawls)
    .values({
      teamId: seed.teamId,
      projectId: seed.projectId,
      status: seed.status ?? 'succeeded',
      startUrls: [startUrl],
      maxResults: 10,
      maxDepth: 3,
      useSitemap: false,
      entireWebsite: false,
      includeLinks: true,
      excludeNonMainTags: true,
      deduplicateContent: true,
      engineType: 'auto',
      useStaticIps: false,
      timeout: 60,
      origin: 'web',
      numberOfResults: results.length,
      ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
    })
    .returning({ id: crawls.id });
  if (!crawl) throw new Error('Seeding the crawl returned no row');
  if (results.length === 0) return { crawlId: crawl.id, resultIds: [] };
  const rows = await db
    .insert(crawlResults)
    .values(
      results.map((r, i) => ({
        crawlId: crawl.id,
        position: i + 1,
        url: r.url ?? `${startUrl}page-${i + 1}`,
        title: r.title,
        markdown: r.markdown,
      })),
    )
    .returning({ id: crawlResults.id, position: crawlResults.position });
  return { crawlId: crawl.id, resultIds: rows.sort((a, b) => a.position - b.position).map((r) => r.id) };
}
