// Server CPU per request, for finding where API time goes (docs/benchmarks.md): a server on a fresh
// PostgreSQL database crawls 100 pages of the realistic site, then answers GET /crawls/{id} (2000 times, four
// at once) and a page of 50 results (150 times, two at once), twice each. Prints the server's CPU time per
// request (from /proc, so others' load on the machine stretches it less than it stretches wall time).
//   npx tsx --conditions=@trawl/source api/bench/api-cost.ts [crawl|results|both]
// With BENCH_CPU_PROF_DIR the server writes a CPU profile there (node --cpu-prof) when it stops.
import { readFileSync } from 'node:fs';
import { mountRealisticSite, startFixtureServer } from '@trawl/fixtures';
import { createTrawlClient } from '@trawl/sdk';
import { createBenchDatabase, startBenchServer } from './support.js';

/** User plus system CPU time of a process, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const which = process.argv[2] ?? 'both';
const profileDir = process.env.BENCH_CPU_PROF_DIR;
const site = await startFixtureServer();
mountRealisticSite(site, { pages: 2000, seed: 1 });
const database = await createBenchDatabase();
const server = await startBenchServer({
  databaseUrl: database.url,
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});
try {
  const trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  const started = await trawl.crawls.start({
    startUrl: `${site.origin}/`,
    maxResults: 100,
    maxDepth: 5,
    engineType: 'cheerio',
  });
  await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 100 });
  const headers = { authorization: `Bearer ${server.token}` };
  const crawlUrl = `${server.url}/crawls/${started.id}`;

  const measure = async (url: string, count: number, inFlight: number): Promise<void> => {
    for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
    const cpuBefore = cpuMs(server.child.pid!);
    let bytes = 0;
    let next = 0;
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next++ < count) {
          const sent = performance.now();
          bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
          latencies.push(performance.now() - sent);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    console.log(
      `${url.replace(server.url, '')}: ${count} requests of ${bytes} bytes, server CPU ${((cpuMs(server.child.pid!) - cpuBefore) / count).toFixed(2)} ms each, median latency ${latencies[count >> 1]!.toFixed(1)} ms`,
    );
  };
  for (let round = 0; round < 2; round++) {
    if (which !== 'results') await measure(crawlUrl, 2000, 4);
    if (which !== 'crawl') await measure(`${crawlUrl}/crawl-results?page=0&limit=50`, 150, 2);
  }
} finally {
  await server.stop();
  await database.drop();
  await site.close();
}
