import {
  createCrawlEngine,
  createInProcessRunner,
  type CrawlEngine,
  type CrawlStore,
  type SharedPoliteness,
} from '@trawl/workflows';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { EngineConfig, StaticIpConfig } from './engine-config.js';
import { extractionDeps } from './extraction-config.js';

/** Runs crawls somewhere: in this process (embedded default) or, later, on Temporal workers. */
export interface CrawlOrchestrator {
  readonly kind: 'in-process' | 'temporal';
  start(crawlId: string): Promise<void>;
  /** Stops the crawl's work; the caller has already set its status. */
  abort(crawlId: string): Promise<void>;
  /**
   * Whether crawls can run now: the in-process runner is open; on Temporal, the server answers and workers
   * poll every task queue crawls need. Never throws.
   */
  checkHealth(): Promise<boolean>;
  /** Continues every crawl left `running` by an earlier process. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded orchestrator: crawl loops in this process, which can be awaited and looked into. */
export interface InProcessOrchestrator extends CrawlOrchestrator {
  readonly kind: 'in-process';
  /** Resolves when the crawl's loop in this process (if any) has returned. */
  settled(crawlId: string): Promise<unknown>;
  /** What the engine holds now: crawls it remembers and browser contexts open. */
  engineStats(): ReturnType<CrawlEngine['stats']>;
}

export function createInProcessOrchestrator(options: {
  store: CrawlStore;
  config: Config;
  logger: Logger;
}): InProcessOrchestrator {
  const { config, logger } = options;
  const engine = createEngine(config, logger);
  const runner = createInProcessRunner({
    store: options.store,
    engine,
    concurrency: config.crawl.concurrency,
    batchSize: config.crawl.batchSize,
    extraction: extractionDeps(config.extraction),
    onError: (crawlId, err) => logger.error(`Crawl ${crawlId} stopped by an internal error`, err),
  });
  let closing: Promise<void> | undefined;
  return {
    kind: 'in-process',
    async checkHealth() {
      return !closing;
    },
    async start(crawlId) {
      runner.start(crawlId);
    },
    async abort(crawlId) {
      runner.stop(crawlId);
    },
    async resume() {
      const resumed = await runner.resume();
      if (resumed.length) logger.info(`Resumed ${resumed.length} running crawl(s)`);
    },
    close() {
      closing ??= (async () => {
        await runner.close();
        await engine.close();
      })();
      return closing;
    },
    settled: (crawlId) => runner.settled(crawlId),
    engineStats: () => engine.stats(),
  };
}

/** The crawl engine as a deployable's configuration (the API's or a worker's) sets it up. */
export function createEngine(
  config: { crawl: EngineConfig; staticIp: StaticIpConfig | null },
  logger: Logger,
  /** Workers pass the database's, so per-host politeness holds across all of them. */
  sharedPoliteness?: SharedPoliteness,
): CrawlEngine {
  return createCrawlEngine({
    sharedPoliteness,
    http: {
      allowPrivateNetworks: config.crawl.allowPrivateNetworks,
      proxyUrl: config.staticIp?.proxyUrl ?? null,
      timeoutMs: config.crawl.requestTimeoutMs,
      maxBytes: config.crawl.maxPageBytes,
    },
    browser: { executablePath: config.crawl.chromiumPath, maxPages: config.crawl.browserPages },
    perHostConcurrency: config.crawl.perHostConcurrency,
    parseWorkers: config.crawl.parseWorkers ?? undefined,
    onRecoveredFault: (message, err) => logger.warn(message, err),
  });
}
