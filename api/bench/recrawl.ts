// What a recrawl of an unchanged site costs beside the first crawl: wall time, bytes the site sent and the
// server's CPU time, on the realistic site, once with ETag and Last-Modified on every page (the recrawl sends
// conditional requests; the site answers 304) and once without (every page is fetched and parsed again and
// compared by content hash). Prints a markdown table for docs/benchmarks.md. Knobs: BENCH_PAGES (2000).
import { readFileSync } from 'node:fs';
import { mountRealisticSite, startFixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type Crawl } from '@trawl/sdk';
import { startBenchServer } from './support.js';

const pages = Number(process.env.BENCH_PAGES) || 2000;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** User plus system CPU seconds of a process, all its threads included (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Cost {
  seconds: number;
  /** How long the start call took (a recrawl's includes reading the previous crawl's content for dedup). */
  startSeconds: number;
  bytes: number;
  cpu: number;
  crawl: Crawl;
  notModified: number;
}

async function variant(validators: boolean): Promise<{ first: Cost; again: Cost }> {
  const site = await startFixtureServer();
  const mounted = mountRealisticSite(site, { pages, validators });
  const server = await startBenchServer();
  const trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  const pid = server.child.pid!;
  const measure = async (start: () => Promise<Crawl>): Promise<Cost> => {
    const [bytes, notModified, cpu] = [mounted.bytesSent, mounted.notModified, cpuSeconds(pid)];
    const started = performance.now();
    const { id } = await start();
    const startSeconds = (performance.now() - started) / 1000;
    const crawl = await trawl.crawls.waitForCompletion(id, { pollIntervalMs: 100 });
    return {
      seconds: (performance.now() - started) / 1000,
      startSeconds,
      bytes: mounted.bytesSent - bytes,
      cpu: cpuSeconds(pid) - cpu,
      crawl,
      notModified: mounted.notModified - notModified,
    };
  };
  try {
    const first = await measure(() =>
      trawl.crawls.start({ startUrl: `${site.origin}/`, entireWebsite: true, engineType: 'cheerio' }),
    );
    const again = await measure(() => trawl.crawls.recrawl(first.crawl.id));
    for (const [name, cost] of [
      ['first crawl', first],
      ['recrawl', again],
    ] as const)
      log(
        `validators ${validators ? 'on' : 'off'}, ${name}: ${cost.crawl.status}, ${cost.crawl.numberOfResults} results, ${cost.seconds.toFixed(1)} s (the start call ${cost.startSeconds.toFixed(2)} s), ${(cost.bytes / 1e6).toFixed(1)} MB, CPU ${cost.cpu.toFixed(1)} s, 304s ${cost.notModified}, changes ${JSON.stringify(cost.crawl.changes)}`,
      );
    return { first, again };
  } finally {
    await server.stop();
    await site.close();
  }
}

const rows: string[] = [];
const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)}%` : 'n/a');
for (const validators of [true, false]) {
  const { first, again } = await variant(validators);
  const changes = again.crawl.changes;
  const label = validators ? 'ETag and Last-Modified' : 'no validators (content hash)';
  rows.push(
    `| ${label} | ${first.seconds.toFixed(1)} s, ${(first.bytes / 1e6).toFixed(1)} MB, CPU ${first.cpu.toFixed(1)} s | ${again.seconds.toFixed(1)} s, ${(again.bytes / 1e6).toFixed(1)} MB, CPU ${again.cpu.toFixed(1)} s | ${pct(again.seconds, first.seconds)} / ${pct(again.bytes, first.bytes)} / ${pct(again.cpu, first.cpu)} | ${again.notModified} | ${changes ? `${changes.unchanged} unchanged, ${changes.new} new, ${changes.changed} changed, ${changes.removed} removed` : 'none'} |`,
  );
}
console.log(`Recrawl of an unchanged ${pages}-page realistic site (Cheerio, dedup on, embedded PGlite)\n`);
console.log('| Site sends | First crawl | Recrawl | Recrawl / first (time / bytes / CPU) | 304s | Changes |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
