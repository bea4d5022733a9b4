// Crawl benchmark: `npm run bench:crawl` (issue #14). On one machine, in one run:
//   speed    a Cheerio crawl of a realistic generated site through the API (the server in a child process,
//            embedded PGlite, dedup on, and again dedup off), and Crawlee's CheerioCrawler with turndown
//            (the peer, peer.ts) on the same site; pages/s and the peak resident memory of each one's whole
//            process tree; the runs alternate, and each side reports its median;
//   quality  F1 of the main-content corpus crawled through the same server (as bench/quality.ts does);
//   latency  open-loop load (load.mjs) on GET /crawls/{id} at 500/s and on a 50-result page at 40/s against
//            a server on PostgreSQL, and on GET /crawls/{id} at 100/s while ten crawls run on the embedded
//            database.
// Prints a markdown table for docs/benchmarks.md. Knobs (environment): BENCH_PAGES (site size, 2000),
// BENCH_ROUNDS (3), BENCH_SKIP_SPEED, BENCH_SKIP_PEER, BENCH_SKIP_QUALITY, BENCH_SKIP_LATENCY, BENCH_SKIP_BUSY,
// BENCH_LATENCY_SECONDS (20), BENCH_BUSY_CRAWLS (10), BENCH_BUSY_PAGES (300), BENCH_BUSY_SECONDS (20),
// BENCH_CPU_PROF_DIR (write CPU profiles of the PostgreSQL server there), TRAWL_BENCH_PEER_DIR.
import { cpus } from 'node:os';
import {
  mountRealisticSite,
  startFixtureServer,
  type CorpusScore,
  type FixtureServer,
} from '@trawl/fixtures';
import { createTrawlClient, type Crawl } from '@trawl/sdk';
import { crawlCorpus } from '../test/corpus-crawl.js';
import { installPeer, runPeer } from './peer.js';
import {
  createBenchDatabase,
  median,
  runLoad,
  sampleTreeRss,
  startBenchServer,
  type LoadResult,
} from './support.js';

const env = process.env;
const pages = Number(env.BENCH_PAGES) || 2000;
const rounds = Number(env.BENCH_ROUNDS) || 3;
const latencySeconds = Number(env.BENCH_LATENCY_SECONDS) || 20;
const busyCrawls = Number(env.BENCH_BUSY_CRAWLS) || 10;
const busyPages = Number(env.BENCH_BUSY_PAGES) || 300;
const busySeconds = Number(env.BENCH_BUSY_SECONDS) || 20;
const log = (line: string) => console.error(line);
/** An error's message with its causes', for a warning line. */
const describe = (err: unknown): string =>
  err instanceof Error ? [err.message, ...(err.cause ? [describe(err.cause)] : [])].join(': ') : String(err);

/** Distinct pages of `paths` the site answered since request number `mark`. */
function pagesServed(site: FixtureServer, paths: Set<string>, mark: number): number {
  const served = new Set<string>();
  for (const r of site.requests.slice(mark)) if (r.answeredAt && paths.has(r.path)) served.add(r.path);
  return served.size;
}

/**
 * A page of 50 results none of which is the site's huge page: the first such of the crawl's first two pages,
 * so the figure is the one of ordinary pages whatever the site's size.
 */
async function ordinaryResultsPage(crawlUrl: string, token: string): Promise<string> {
  for (const page of [0, 1]) {
    const url = `${crawlUrl}/crawl-results?page=${page}&limit=50`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const { results } = (await res.json()) as { results: Array<{ markdown: string }> };
    if (results.length === 50 && results.every((r) => r.markdown.length < 200_000)) return url;
  }
  throw new Error('No page of 50 ordinary results in the latency crawl');
}

/**
 * Runs `call` again (up to three times) when the connection fails: after the load generator's burst, a
 * reused keep-alive connection is sometimes reset (ECONNRESET) by the server. Each retry is logged.
 */
async function retried<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err: unknown) {
      if (attempt > 3 || (err as { code?: string }).code !== 'connection_error') throw err;
      log(`retrying after: ${describe(err)}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

interface SpeedRun {
  pagesPerSecond: number;
  pages: number;
  results: number;
  seconds: number;
  peakRssMb: number;
}

const site = await startFixtureServer();
const realistic = mountRealisticSite(site, { pages, seed: 1 });
const sitePaths = new Set(realistic.paths);
log(
  `Site: ${pages} pages, ${(realistic.totalBytes / 1e6).toFixed(1)} MB of HTML; slow ${realistic.slowPath}, huge ${realistic.hugePath}`,
);

const rows: Array<[string, string, string?, string?, string?]> = [];
const warnings: string[] = [];

// Speed and memory: Trawl (dedup on, dedup off) and the peer, alternating.
const server = await startBenchServer();
const trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
const rss = sampleTreeRss(server.child.pid!);
let score: CorpusScore | null = null;
const runs: Record<'on' | 'off' | 'peer', SpeedRun[]> = { on: [], off: [], peer: [] };
try {
  const peerScript = env.BENCH_SKIP_PEER ? null : installPeer();

  const trawlRun = async (dedup: boolean): Promise<SpeedRun> => {
    const mark = site.requests.length;
    rss.reset();
    const started = performance.now();
    const crawl = await trawl.crawls.start({
      startUrl: `${site.origin}/`,
      entireWebsite: true,
      engineType: 'cheerio',
      deduplicateContent: dedup,
    });
    const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 100 });
    const seconds = (performance.now() - started) / 1000;
    const served = pagesServed(site, sitePaths, mark);
    if (done.status !== 'succeeded' || served !== pages)
      warnings.push(
        `Trawl (dedup ${dedup ? 'on' : 'off'}) ended ${done.status} having fetched ${served} of ${pages} pages`,
      );
    return {
      pagesPerSecond: served / seconds,
      pages: served,
      results: done.numberOfResults,
      seconds,
      peakRssMb: rss.peak(),
    };
  };
  const peerRun = async (script: string): Promise<SpeedRun> => {
    const mark = site.requests.length;
    // Crawlee counts failures and redirects against its maximum: headroom, as its README asks.
    const run = await runPeer(script, `${site.origin}/`, pages + 200);
    const served = pagesServed(site, sitePaths, mark);
    if (served !== pages) warnings.push(`Crawlee fetched ${served} of ${pages} pages`);
    return {
      pagesPerSecond: served / run.seconds,
      pages: served,
      results: run.pages,
      seconds: run.seconds,
      peakRssMb: run.peakRssMb,
    };
  };

  // This machine's speed drifts by 10-30% over minutes: the order turns each round, so drift weighs on all.
  const steps: Array<['on' | 'off' | 'peer', () => Promise<SpeedRun>]> = [
    ['on', () => trawlRun(true)],
    ...(peerScript ? [['peer', () => peerRun(peerScript)] as ['peer', () => Promise<SpeedRun>]] : []),
    ['off', () => trawlRun(false)],
  ];
  for (let round = 0; round < (env.BENCH_SKIP_SPEED ? 0 : rounds); round++) {
    const order = round % 2 ? [...steps].reverse() : steps;
    for (const [name, step] of order) {
      const run = await step();
      runs[name].push(run);
      log(
        `round ${round + 1} ${name === 'peer' ? 'Crawlee' : `Trawl dedup ${name}`}: ${run.pages} pages, ${run.results} results in ${run.seconds.toFixed(1)} s = ${run.pagesPerSecond.toFixed(1)} pages/s, peak RSS ${run.peakRssMb.toFixed(0)} MB`,
      );
    }
  }

  if (!env.BENCH_SKIP_QUALITY) {
    const corpusSite = await startFixtureServer();
    try {
      const crawl = await crawlCorpus(trawl, corpusSite);
      score = crawl.score;
      log(`corpus: F1 ${score.f1.toFixed(3)} (${crawl.status})`);
    } finally {
      await corpusSite.close();
    }
  }
} finally {
  rss.stop();
  await server.stop();
}

const perSecond = (xs: SpeedRun[]) => median(xs.map((r) => r.pagesPerSecond));
const peak = (xs: SpeedRun[]) => Math.max(...xs.map((r) => r.peakRssMb));
const list = (xs: SpeedRun[]) => xs.map((r) => r.pagesPerSecond.toFixed(1)).join(', ');
const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : 'n/a');
const peer = runs.peer.length > 0;
if (runs.on.length)
  rows.push([
    `Pages/s, dedup on (median of ${rounds}; runs)`,
    `${perSecond(runs.on).toFixed(1)} (${list(runs.on)})`,
    peer ? `${perSecond(runs.peer).toFixed(1)} (${list(runs.peer)})` : 'skipped',
    peer ? ratio(perSecond(runs.on), perSecond(runs.peer)) : '',
    'at least 2.5',
  ]);
if (runs.on.length)
  rows.push([
    `Pages/s, dedup off (median of ${rounds}; runs)`,
    `${perSecond(runs.off).toFixed(1)} (${list(runs.off)})`,
    peer ? `${perSecond(runs.peer).toFixed(1)}` : 'skipped',
    peer ? ratio(perSecond(runs.off), perSecond(runs.peer)) : '',
  ]);
if (runs.on.length)
  rows.push([
    'Peak RSS of the process tree, MB (dedup on; max over runs)',
    peak(runs.on).toFixed(0),
    peer ? peak(runs.peer).toFixed(0) : 'skipped',
    peer ? ratio(peak(runs.on), peak(runs.peer)) : '',
    'at most 0.5',
  ]);
if (runs.on.length) rows.push(['Peak RSS of the process tree, MB (dedup off)', peak(runs.off).toFixed(0)]);
if (runs.on.length)
  rows.push([
    'Results stored (last run: dedup on / dedup off; peer: pages kept)',
    `${runs.on.at(-1)!.results} / ${runs.off.at(-1)!.results}`,
    peer ? String(runs.peer.at(-1)!.results) : '',
  ]);
if (score)
  rows.push([
    'Main-content F1 on the corpus, crawled through the API (precision, recall)',
    `${score.f1.toFixed(3)} (${score.precision.toFixed(3)}, ${score.recall.toFixed(3)})`,
  ]);

const latency = (l: LoadResult) =>
  `p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms; served ${l.servedPerSecond}/s of ${l.rate}/s asked${l.errors ? `, ${l.errors} errors` : ''}`;

// API latency, idle, on PostgreSQL, after a crawl stored ordinary pages.
if (!env.BENCH_SKIP_LATENCY) {
  try {
    const database = await createBenchDatabase();
    try {
      const pg = await startBenchServer({
        databaseUrl: database.url,
        nodeArgs: env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF_DIR}`] : [],
      });
      try {
        const client = createTrawlClient({ baseUrl: pg.url, token: pg.token });
        const started = await client.crawls.start({
          startUrl: `${site.origin}/`,
          maxResults: 100,
          maxDepth: 5,
          engineType: 'cheerio',
        });
        const crawl = await client.crawls.waitForCompletion(started.id, { pollIntervalMs: 100 });
        const crawlUrl = `${pg.url}/crawls/${crawl.id}`;
        const resultsUrl = await ordinaryResultsPage(crawlUrl, pg.token);
        const one = await runLoad({
          url: crawlUrl,
          token: pg.token,
          rate: 500,
          seconds: latencySeconds,
          warmupSeconds: 3,
        });
        log(`GET /crawls/{id} at 500/s: ${latency(one)}`);
        const page = await runLoad({
          url: resultsUrl,
          token: pg.token,
          rate: 40,
          seconds: latencySeconds,
          warmupSeconds: 3,
        });
        log(`results page at 40/s: ${latency(page)}`);
        rows.push([
          `GET /crawls/{id} at 500/s, PostgreSQL, idle (${latencySeconds} s)`,
          latency(one),
          '',
          '',
          'p99 under 20 ms',
        ]);
        rows.push([
          `GET /crawls/{id}/crawl-results, 50 results (${(page.meanBytes / 1e6).toFixed(2)} MB of JSON) at 40/s, PostgreSQL, idle`,
          latency(page),
          '',
          '',
          'p99 under 60 ms',
        ]);
      } finally {
        await pg.stop();
      }
    } finally {
      await database.drop();
    }
  } catch (err: unknown) {
    warnings.push(`The idle latency on PostgreSQL failed: ${describe(err)}`);
  }
}

// API latency while ten crawls run at once on the embedded database.
if (!env.BENCH_SKIP_BUSY) {
  try {
    const busySite = await startFixtureServer();
    mountRealisticSite(busySite, { pages: busyPages, seed: 2 });
    const busy = await startBenchServer();
    try {
      const client = createTrawlClient({ baseUrl: busy.url, token: busy.token });
      const started = performance.now();
      const crawls = await Promise.all(
        Array.from({ length: busyCrawls }, () =>
          client.crawls.start({
            startUrl: `${busySite.origin}/`,
            entireWebsite: true,
            engineType: 'cheerio',
          }),
        ),
      );
      const load = await runLoad({
        url: `${busy.url}/crawls/${crawls[0]!.id}`,
        token: busy.token,
        rate: 100,
        seconds: busySeconds,
        warmupSeconds: 1,
      });
      const running = (await Promise.all(crawls.map((c) => retried(() => client.crawls.get(c.id))))).filter(
        (c) => c.status === 'running',
      ).length;
      const done: Crawl[] = await Promise.all(
        crawls.map((c) => retried(() => client.crawls.waitForCompletion(c.id, { pollIntervalMs: 250 }))),
      );
      const seconds = (performance.now() - started) / 1000;
      const counts = done.map((c) => c.numberOfResults);
      const same = counts.every((n) => n === counts[0]);
      log(
        `GET /crawls/{id} at 100/s under ${busyCrawls} crawls: ${latency(load)}; ${running} still running at the end`,
      );
      rows.push([
        `GET /crawls/{id} at 100/s, embedded PGlite, while ${busyCrawls} crawls of a ${busyPages}-page site run (${busySeconds} s; ${running} still running at its end)`,
        latency(load),
        '',
        '',
        'p99 under 100 ms',
      ]);
      rows.push([
        `The ${busyCrawls} crawls: results stored, ${done.map((c) => c.status).every((s) => s === 'succeeded') ? 'all succeeded' : done.map((c) => c.status).join(', ')}`,
        same ? `all ${counts[0]}` : `differ: ${counts.join(', ')}`,
        `${(counts.reduce((a, b) => a + b, 0) / seconds || 0).toFixed(1)} results/s together`,
      ]);
    } finally {
      await busy.stop();
      await busySite.close();
    }
  } catch (err: unknown) {
    warnings.push(`The latency under ten crawls failed: ${describe(err)}`);
  }
}
await site.close();

console.log(
  `\nMachine: ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; site: ${pages} pages, ${(realistic.totalBytes / 1e6).toFixed(1)} MB of HTML\n`,
);
console.log('| Measure | Trawl | Crawlee | Ratio | Goal |\n| --- | --- | --- | --- | --- |');
for (const [name, ...cells] of rows)
  console.log(`| ${name} | ${[0, 1, 2, 3].map((i) => cells[i] ?? '').join(' | ')} |`);
for (const w of warnings) console.log(`\nWarning: ${w}`);
