// Seeds for the support and folder tests: files of each kind (and impostors), and a finished crawl with
// results written straight to the database, so a test needs no fixture site to have something to report.
import type { Database } from '../src/db/client.js';
import { crawlResults, crawls } from '../src/db/schema.js';

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

/** `size` bytes that start like a PNG. */
export const pngOfSize = (size: number): Buffer => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);

export function file(name: string, content: Buffer, type = 'application/octet-stream'): File {
  return new File([new Uint8Array(content)], name, { type });
}

export function supportForm(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const f of files) form.append('files', f);
  return form;
}

/** A succeeded crawl of the project with one result per entry of `duplicates` (its duplicatesRemovedCount). */
export async function seedCrawl(
  db: Database,
  scope: { teamId: string; projectId: string },
  options: { duplicates?: number[]; deduplicateContent?: boolean; startUrl?: string } = {},
): Promise<{ crawlId: string; resultIds: string[] }> {
  const startUrl = options.startUrl ?? 'https://docs.example.com/';
  const [crawl] = await db
    .insert(crawls)
    .values({
      ...scope,
      status: 'succeeded',
      startUrls: [startUrl],
      maxResults: 10,
      maxDepth: 3,
      useSitemap: false,
      entireWebsite: false,
      includeLinks: true,
      excludeNonMainTags: true,
      deduplicateContent: options.deduplicateContent ?? true,
      engineType: 'auto',
      useStaticIps: false,
      timeout: 60,
      origin: 'web',
      numberOfResults: (options.duplicates ?? [0]).length,
      title: 'Docs',
      completedAt: new Date(),
      durationInSeconds: 3,
    })
    .returning({ id: crawls.id });
  const rows = await db
    .insert(crawlResults)
    .values(
      (options.duplicates ?? [0]).map((count, i) => ({
        crawlId: crawl!.id,
        position: i + 1,
        url: `${startUrl}page-${i + 1}`,
        title: `Page ${i + 1}`,
        markdown: `# Page ${i + 1}\n\nSome text of page ${i + 1}.`,
        duplicatesRemovedCount: count,
      })),
    )
    .returning({ id: crawlResults.id });
  return { crawlId: crawl!.id, resultIds: rows.map((r) => r.id) };
}
