// Crawl benchmark: `npm run bench:crawl`. Measures, on one machine in one run:
//   raw   fetch + parse + markdown of every page of a generated site in one thread, no crawler around it,
//         in a fresh process (bench/raw.mjs), as cold as the crawler server it is compared with;
//   e2e   a Cheerio crawl of the same site through the API into the database, dedup on (server in a
//         child process, so its peak RSS is its own);
//   pw    a 100-page crawl with the Playwright engine.
// Prints a markdown table for docs/benchmarks.md. BENCH_PAGES sets the site's size (default 2000).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mountLargeSite, startFixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';

const pages = Number(process.env.BENCH_PAGES) || 2000;
const root = resolve(import.meta.dirname, '../..');

/** The raw rate in a fresh process: cold, like the crawler server, and fetching from the same fixture. */
async function rawRate(origin: string, count: number): Promise<{ pagesPerSecond: number }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'raw.mjs'), origin, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((resolvePromise) => child.once('exit', resolvePromise));
  if (code !== 0) throw new Error(`raw rate run exited with ${code}`);
  return JSON.parse(out) as { pagesPerSecond: number };
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; token: string }> {
  // The server runs as `npm start` runs it: with its bounded heap.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [
    `--max-old-space-size=${process.env.TRAWL_HEAP_MB ?? 256}`,
  ];
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'api/dist/bin/server.js')], {
    env: {
      ...process.env,
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
      TRAWL_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolvePromise, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/running at (http:\/\/\S+)/);
      if (match) resolvePromise(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const { token } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as { token: string };
  return { child, url, token };
}

function peakRssMb(pid: number): number {
  const hwm = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return hwm ? Number(hwm[1]) / 1024 : NaN;
}

async function timedCrawl(trawl: TrawlClient, settings: Parameters<TrawlClient['crawls']['start']>[0]) {
  const started = performance.now();
  const crawl = await trawl.crawls.start(settings);
  const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 200 });
  const seconds = (performance.now() - started) / 1000;
  return { done, seconds, pagesPerSecond: done.numberOfResults / seconds };
}

const site = await startFixtureServer();
const { totalBytes } = mountLargeSite(site, pages);
console.error(`Site: ${pages} pages, ${(totalBytes / 1e6).toFixed(1)} MB of HTML`);

const dataDir = mkdtempSync(join(tmpdir(), 'trawl-bench-'));
const server = await startServer(dataDir);
const trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
try {
  // This machine's speed drifts by 10-30% over minutes, so raw and end-to-end runs alternate and each
  // side reports its median: drift then weighs on both alike.
  const raws: number[] = [];
  const e2es: Array<Awaited<ReturnType<typeof timedCrawl>>> = [];
  for (let round = 0; round < 3; round++) {
    raws.push((await rawRate(site.origin, pages)).pagesPerSecond);
    const run = await timedCrawl(trawl, {
      startUrl: `${site.origin}/`,
      entireWebsite: true,
      engineType: 'cheerio',
      deduplicateContent: true,
    });
    if (run.done.status !== 'succeeded' || run.done.numberOfResults !== pages)
      throw new Error(`e2e crawl ended ${run.done.status} with ${run.done.numberOfResults} results`);
    e2es.push(run);
    console.error(
      `round ${round + 1}: raw ${raws.at(-1)!.toFixed(1)} pages/s, e2e ${run.pagesPerSecond.toFixed(1)} pages/s`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const raw = { pagesPerSecond: median(raws) };
  const e2e = { pagesPerSecond: median(e2es.map((r) => r.pagesPerSecond)) };
  const rss = peakRssMb(server.child.pid!);
  const pw = process.env.BENCH_SKIP_PLAYWRIGHT
    ? { done: { numberOfResults: 0 }, seconds: 0, pagesPerSecond: 0 }
    : await timedCrawl(trawl, {
        startUrl: `${site.origin}/`,
        maxResults: 100,
        maxDepth: 10,
        engineType: 'playwright',
      });
  console.error(`playwright: ${pw.done.numberOfResults} results in ${pw.seconds.toFixed(1)} s`);

  const row = (name: string, value: string) => console.log(`| ${name} | ${value} |`);
  console.log(
    `\nMachine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`,
  );
  console.log('| Measure | Value |\n| --- | --- |');
  row(`Site`, `${pages} pages, ${(totalBytes / 1e6).toFixed(1)} MB of HTML (20-60 KB each)`);
  row(
    'Raw rate (fetch + parse + markdown, one thread, fresh process; median of 3)',
    `${raw.pagesPerSecond.toFixed(1)} pages/s (runs: ${raws.map((r) => r.toFixed(1)).join(', ')})`,
  );
  row(
    `End-to-end Cheerio crawl of all ${pages} pages (API, PGlite, dedup on; median of 3)`,
    `${e2e.pagesPerSecond.toFixed(1)} pages/s (runs: ${e2es.map((r) => r.pagesPerSecond.toFixed(1)).join(', ')})`,
  );
  row('Ratio end-to-end / raw', (e2e.pagesPerSecond / raw.pagesPerSecond).toFixed(2));
  row('Server peak RSS (VmHWM) over the three crawls', `${rss.toFixed(0)} MB`);
  row('Playwright crawl, 100 pages', `${pw.pagesPerSecond.toFixed(1)} pages/s (${pw.seconds.toFixed(1)} s)`);
  row(
    'Server peak RSS after the Playwright crawl (Chromium is its own process)',
    `${peakRssMb(server.child.pid!).toFixed(0)} MB`,
  );
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  await site.close();
  rmSync(dataDir, { recursive: true, force: true });
}
