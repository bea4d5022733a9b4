// The peer crawler the crawl benchmark compares Trawl with: Crawlee's CheerioCrawler with turndown, from
// `../shared/bench-peer` (TRAWL_BENCH_PEER_DIR), installed from its own lockfile into a cache directory of
// this checkout, never as part of the repository's own `npm ci`.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root, sampleTreeRss } from './support.js';

const SCRIPT = 'crawlee-cheerio.mjs';

/**
 * The peer's directory in `node_modules/.cache/trawl-bench-peer`, installed there with `npm ci` when missing
 * or when the peer's lockfile changed. Returns the path of its script.
 */
export function installPeer(): string {
  const source = resolve(root, process.env.TRAWL_BENCH_PEER_DIR ?? '../shared/bench-peer');
  if (!existsSync(join(source, 'package-lock.json')))
    throw new Error(`No peer at ${source}: set TRAWL_BENCH_PEER_DIR, or BENCH_SKIP_PEER=1 to run without it`);
  const cache = join(root, 'node_modules/.cache/trawl-bench-peer');
  const lock = readFileSync(join(source, 'package-lock.json'), 'utf8');
  const installed = join(cache, 'package-lock.json');
  if (
    !existsSync(installed) ||
    readFileSync(installed, 'utf8') !== lock ||
    !existsSync(join(cache, 'node_modules'))
  ) {
    console.error(`Installing the peer crawler from ${source} into ${cache}`);
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    copyFileSync(join(source, 'package.json'), join(cache, 'package.json'));
    copyFileSync(join(source, 'package-lock.json'), installed);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: cache,
      stdio: 'inherit',
    });
  }
  // The script is copied every run, so an edited script is what runs; it resolves its packages from here.
  copyFileSync(join(source, SCRIPT), join(cache, SCRIPT));
  return join(cache, SCRIPT);
}

export interface PeerRun {
  /** Pages the peer turned into markdown. */
  pages: number;
  /** Wall time of the crawl alone, as the peer reports it (module loading excluded). */
  seconds: number;
  /** Peak of the peer process's resident memory, sampled like the server's. */
  peakRssMb: number;
  /** The peer's own report: its `maxRSS`, errors and the rest. */
  report: Record<string, unknown>;
}

/** Crawls `startUrl` with the peer in a fresh process, at Crawlee's default concurrency. */
export async function runPeer(script: string, startUrl: string, maxPages: number): Promise<PeerRun> {
  const child = spawn(
    process.execPath,
    [
      script,
      '--url',
      startUrl,
      '--max',
      String(maxPages),
      '--depth',
      String(process.env.BENCH_PEER_DEPTH ?? 20),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const rss = sampleTreeRss(child.pid!);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((done) => child.once('exit', done));
  rss.stop();
  if (code !== 0) throw new Error(`peer crawler exited with ${code}`);
  const report = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown> & {
    pages: number;
    seconds: number;
  };
  return { pages: report.pages, seconds: report.seconds, peakRssMb: rss.peak(), report };
}
