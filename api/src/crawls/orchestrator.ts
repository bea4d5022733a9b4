import { createCrawlEngine, createInProcessRunner, type CrawlEngine, type CrawlStore } from '@trawl/workflows';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

/** Runs crawls somewhere: in this process (embedded default) or, later, on Temporal workers. */
export interface CrawlOrchestrator {
  readonly kind: 'in-process' | 'temporal';
  start(crawlId: string): Promise<void>;
  /** Stops the crawl's work; the caller has already set its status. */
  abort(crawlId: string): Promise<void>;
  /** Continues every crawl left `running` by an earlier process. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export function createInProcessOrchestrator(options: { store: CrawlStore; config: Config; logger: Logger }): CrawlOrchestrator & {
  settled(crawlId: string): Promise<unknown>;
  engineStats(): ReturnType<CrawlEngine['stats']>;
} {
  const { config, logger } = options;
  const engine = createEngine(config, logger);
  const runner = createInProcessRunner({
    store: options.store,
    engine,
    concurrency: config.crawl.concurrency,
    batchSize: config.crawl.batchSize,
    onError: (crawlId, err) => logger.error(`Crawl ${crawlId} stopped by an internal error`, err),
  });
  return {
    kind: 'in-process',
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
    async close() {
      await runner.close();
      await engine.close();
    },
    settled: (crawlId) => runner.settled(crawlId),
    engineStats: () => engine.stats(),
  };
}

/** The crawl engine as this server's configuration sets it up. */
export function createEngine(config: Config, logger: Logger): CrawlEngine {
  return createCrawlEngine({
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
