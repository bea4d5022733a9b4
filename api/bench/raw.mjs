// The raw rate, run by crawl.ts in a fresh process, as the crawler server is: fetch, decode, parse and write
// markdown for every URL given, in one thread, no crawler around it. Prints { pagesPerSecond, bytes }.
import { createHttpClient, parsePage } from '@trawl/workflows';

const [origin, count] = [process.argv[2], Number(process.argv[3])];
const urls = Array.from({ length: count }, (_, i) => (i === 0 ? `${origin}/` : `${origin}/p/${i}`));
const client = createHttpClient({ allowPrivateNetworks: true });
let bytes = 0;
let next = 0;
const started = performance.now();
// A few requests in flight so the one thread never waits on the network.
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < urls.length) {
      const res = await client.fetchPage(urls[next++]);
      if (res.kind !== 'html' || !('bytes' in res))
        throw new Error(`raw fetch failed: ${JSON.stringify(res)}`);
      bytes += res.bytes.byteLength;
      parsePage({
        bytes: res.bytes,
        contentType: res.contentType,
        url: res.url,
        excludeNonMainTags: true,
        includeLinks: true,
        dedup: false,
      });
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await client.close();
console.log(JSON.stringify({ pagesPerSecond: urls.length / seconds, bytes }));
