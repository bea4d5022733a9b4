// Main-content quality benchmark: `npm run bench:quality`. Measures, in one run:
//   parse   the crawler's parsePage (decode, parse, extract, markdown, dedup blocks) over the corpus pages
//           and over 200 pages of the crawl benchmark's large site, in one thread: CPU ms per page,
//           median of several runs;
//   score   precision, recall and F1 of parsePage's markdown on the main-content corpus (fixtures/corpus);
//   api     the same corpus crawled through a real server (Cheerio engine, other settings at their
//           defaults, dedup on), scored on what the crawl stored: the figure users get.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadCorpus,
  markdownToText,
  mountLargeSite,
  scoreCorpus,
  startFixtureServer,
  type CorpusScore,
} from '@trawl/fixtures';
import { createTrawlClient } from '@trawl/sdk';
import type { ParseInput, ParsedPage } from '@trawl/workflows';
import { loadConfig, startServer } from '../src/index.js';
import { crawlCorpus } from '../test/corpus-crawl.js';

const runs = Number(process.env.BENCH_RUNS) || 7;
// BENCH_PARSE_MODULE times and scores another parsePage, such as an older commit's (docs/benchmarks.md).
const { parsePage } = (await import(process.env.BENCH_PARSE_MODULE ?? '@trawl/workflows')) as {
  parsePage: (input: ParseInput) => ParsedPage;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const input = (bytes: Uint8Array, url: string): ParseInput => ({
  bytes,
  contentType: 'text/html; charset=utf-8',
  url,
  excludeNonMainTags: true,
  includeLinks: true,
  dedup: true,
});

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Milliseconds of CPU time per page of parsePage over `inputs`, median of `runs` passes after one warm-up
 * pass. CPU time rather than wall time: on a shared machine other work stretches the wall clock, not this.
 */
function msPerPage(inputs: ParseInput[]): { median: number; runs: number[] } {
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = cpuMs();
    for (const one of inputs) parsePage(one);
    if (run > 0) times.push((cpuMs() - started) / inputs.length);
  }
  return { median: median(times), runs: times };
}

const corpus = loadCorpus();
const corpusInputs = corpus.map((p) => input(Buffer.from(p.html), p.url));

const site = await startFixtureServer();
const { paths } = mountLargeSite(site, 200);
const largeInputs = await Promise.all(
  paths.map(async (path) => {
    const res = await fetch(`${site.origin}${path}`);
    return input(new Uint8Array(await res.arrayBuffer()), `${site.origin}${path}`);
  }),
);

const corpusTime = msPerPage(corpusInputs);
const largeTime = msPerPage(largeInputs);
const direct = scoreCorpus(
  corpus.map((p, i) => ({
    predicted: markdownToText(parsePage(corpusInputs[i]!).markdown),
    truth: p.articleBody,
  })),
);

/** The corpus crawled through a real server on an embedded database, as users would crawl it. */
async function crawlThroughApi(): Promise<Awaited<ReturnType<typeof crawlCorpus>>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trawl-quality-'));
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_LOG_LEVEL: 'warn',
      TRAWL_CONSOLE_DIR: join(dataDir, 'no-console'),
      TRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    }),
  );
  try {
    const { token } = JSON.parse(readFileSync(server.bootstrap!.credentialsPath, 'utf8')) as {
      token: string;
    };
    return await crawlCorpus(createTrawlClient({ baseUrl: server.url, token }), site);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
// The server always runs this checkout's extraction: with another parsePage, only that one is measured.
const api = process.env.BENCH_PARSE_MODULE ? null : await crawlThroughApi();
await site.close();

const fmt = (s: CorpusScore) =>
  `precision ${s.precision.toFixed(3)}, recall ${s.recall.toFixed(3)}, F1 **${s.f1.toFixed(3)}**, empty pages ${s.emptyPages} of ${s.pages}`;
const ms = (t: { median: number; runs: number[] }) =>
  `${t.median.toFixed(2)} ms (runs: ${t.runs.map((r) => r.toFixed(2)).join(', ')})`;
console.log(`\nMachine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}\n`);
console.log('| Measure | Value |\n| --- | --- |');
console.log(`| Corpus | ${corpus.length} article pages with human-written ground truth (fixtures/corpus) |`);
console.log(
  `| parsePage${process.env.BENCH_PARSE_MODULE ? ` of ${process.env.BENCH_PARSE_MODULE}` : ''} on the corpus | ${fmt(direct)} |`,
);
if (api) console.log(`| Crawled through the API (${api.status}) | ${fmt(api.score)} |`);
console.log(`| parsePage, CPU per corpus page (median of ${runs}) | ${ms(corpusTime)} |`);
console.log(`| parsePage, CPU per large-site page (median of ${runs}) | ${ms(largeTime)} |`);
