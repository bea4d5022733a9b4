// Open-loop load generator, run by crawl.ts in a process of its own:
//   node load.mjs URL TOKEN RATE SECONDS [WARMUP_SECONDS]
// Fires GET URL at RATE requests per second on a fixed schedule whatever the answers (requests never wait
// for earlier ones), and measures each latency from the moment the request was due, not from when it was
// sent: time a request spent queued behind others, here or in the server, counts. Warm-up requests go first
// at the same rate and are not counted. Prints { asked, completed, errors, servedPerSecond, p50, p90, p99,
// max, meanBytes } (milliseconds) as one JSON line.
import { Agent, get } from 'node:http';

const [url, token, rate, seconds, warmup] = [
  process.argv[2],
  process.argv[3],
  Number(process.argv[4]),
  Number(process.argv[5]),
  Number(process.argv[6] ?? 0),
];
// Keep-alive connections, at most 64: a client's pool, not a socket per request. Requests beyond that wait in
// the pool, and their wait counts, since latency runs from when each was due. (A socket per request in flight
// overflows the server's listen backlog once answers lag, and the kernel starts refusing connections.)
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const headers = { authorization: `Bearer ${token}` };
const total = Math.round(rate * (warmup + seconds));
const counted = Math.round(rate * seconds);
const firstCounted = total - counted;
const latencies = [];
let errors = 0;
let bytes = 0;
let lastDone = 0;
let settled = 0;

function fire(index, due) {
  const count = index >= firstCounted;
  let done = false;
  const finish = (ok, size) => {
    if (done) return;
    done = true;
    settled++;
    if (!count) return;
    if (!ok) errors++;
    else {
      bytes += size;
      latencies.push(performance.now() - due);
      lastDone = performance.now();
    }
  };
  get(url, { agent, headers }, (res) => {
    let size = 0;
    res.on('data', (chunk) => (size += chunk.length));
    res.on('end', () => finish(res.statusCode >= 200 && res.statusCode < 300, size));
    res.on('error', () => finish(false, 0));
  }).on('error', () => finish(false, 0));
}

const start = performance.now() + 20;
const countedFrom = start + (firstCounted * 1000) / rate;
let next = 0;
await new Promise((done) => {
  const tick = () => {
    const now = performance.now();
    while (next < total && start + (next * 1000) / rate <= now) {
      fire(next, start + (next * 1000) / rate);
      next++;
    }
    if (next < total) setTimeout(tick, 1);
    else done();
  };
  tick();
});
// Answers still outstanding get 30 s; what never comes back counts as an error.
const deadline = performance.now() + 30_000;
while (settled < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
errors += total - settled;

latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
const round = (x) => Math.round(x * 10) / 10;
process.stdout.write(
  `${JSON.stringify({
    asked: counted,
    rate,
    seconds,
    completed: latencies.length,
    errors,
    servedPerSecond: round(latencies.length / ((Math.max(lastDone, countedFrom + 1) - countedFrom) / 1000)),
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(latencies.at(-1) ?? NaN),
    meanBytes: Math.round(bytes / Math.max(1, latencies.length)),
  })}\n`,
);
process.exit(0);
