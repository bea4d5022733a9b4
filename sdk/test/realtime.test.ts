import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '@trawl/api/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import {
  connectTeamEvents,
  createTrawlClient,
  teamEventsUrl,
  type TeamEvent,
  type TeamEventsConnection,
  type TeamEventsStatus,
} from '../src/index.js';

// The WebSocket helper against real sockets: a bare `ws` server that plays the server's part step by step,
// then the real Trawl server.

const CRAWL_EVENT = {
  id: 1,
  createdAt: new Date().toISOString(),
  type: 'CRAWL_EVENT',
  crawlId: '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f',
  crawl: { id: '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f', status: 'running' },
};

interface Peer {
  socket: ServerSocket;
  /** Messages the client sent. */
  received: string[];
}

/** A `ws` server whose every connection is handed to `onConnection`; records each peer. */
async function startSocketServer(onConnection: (peer: Peer, index: number) => void) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const peers: Peer[] = [];
  const paths: string[] = [];
  wss.on('connection', (socket, request) => {
    const peer: Peer = { socket, received: [] };
    paths.push(request.url ?? '');
    socket.on('message', (data) => peer.received.push(data.toString()));
    peers.push(peer);
    onConnection(peer, peers.length - 1);
  });
  const { port } = wss.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    peers,
    paths,
    close: () => new Promise<void>((resolve) => wss.close(() => resolve())),
  };
}

const connections: TeamEventsConnection[] = [];
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const c of connections.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

function connect(options: Parameters<typeof connectTeamEvents>[0]) {
  const connection = connectTeamEvents({ WebSocket, ...options });
  connections.push(connection);
  const events: TeamEvent[] = [];
  const statuses: TeamEventsStatus[] = [];
  connection.subscribe((event) => events.push(event));
  connection.onStatus((status) => statuses.push(status));
  return { connection, events, statuses };
}

const until = (check: () => boolean) => expect.poll(check, { timeout: 5000, interval: 10 }).toBe(true);

describe('connectTeamEvents', () => {
  it('builds the socket address from the API address', () => {
    expect(teamEventsUrl('http://localhost:3000/')).toBe('ws://localhost:3000/events');
    expect(teamEventsUrl('https://trawl.example.com', false)).toBe(
      'wss://trawl.example.com/events?includeMarkdown=false',
    );
  });

  it('sends the token first, and delivers only team events, once the server is ready', async () => {
    const server = await startSocketServer(({ socket }) => {
      socket.once('message', () => {
        socket.send(JSON.stringify({ type: 'ready' }));
        socket.send('not json');
        socket.send(JSON.stringify({ type: 'SOMETHING_ELSE' }));
        socket.send(JSON.stringify(CRAWL_EVENT));
      });
    });
    servers.push(server);
    const { connection, events, statuses } = connect({
      baseUrl: server.baseUrl,
      token: 'trawl_secret',
      includeMarkdown: false,
    });
    expect(connection.status).toBe('connecting');
    await until(() => events.length === 1);
    expect(events[0]).toEqual(CRAWL_EVENT);
    expect(connection.status).toBe('open');
    expect(statuses).toEqual(['open']);
    expect(server.peers[0]!.received).toEqual([JSON.stringify({ type: 'auth', token: 'trawl_secret' })]);
    expect(server.paths[0]).toBe('/events?includeMarkdown=false');
  });

  it('reconnects once after the socket drops, then gives up', async () => {
    const server = await startSocketServer(({ socket }, index) => {
      if (index === 0) {
        socket.send(JSON.stringify({ type: 'ready' }));
        setTimeout(() => socket.close(1011, 'gone'), 20);
      } else socket.close(1011, 'still gone');
    });
    servers.push(server);
    const { connection, statuses } = connect({ baseUrl: server.baseUrl, reconnectionDelayMs: 50 });
    await until(() => connection.status === 'closed');
    expect(server.peers).toHaveLength(2);
    expect(statuses).toEqual(['open', 'connecting', 'closed']);
  });

  it('counts attempts afresh once a reconnection succeeds', async () => {
    const server = await startSocketServer(({ socket }, index) => {
      socket.send(JSON.stringify({ type: 'ready' }));
      // The first two connections drop after being ready; each is followed by one successful reconnection.
      if (index < 2) setTimeout(() => socket.close(1011), 20);
    });
    servers.push(server);
    const { connection } = connect({ baseUrl: server.baseUrl, reconnectionDelayMs: 20 });
    await until(() => server.peers.length === 3 && connection.status === 'open');
  });

  it('gives a connection that never becomes ready up after the timeout, and retries', async () => {
    const server = await startSocketServer(() => undefined);
    servers.push(server);
    const { connection } = connect({ baseUrl: server.baseUrl, timeoutMs: 100, reconnectionDelayMs: 10 });
    await until(() => connection.status === 'closed');
    expect(server.peers).toHaveLength(2);
  });

  it('renews the session on 4401 and connects again, but not twice in a row', async () => {
    let renewals = 0;
    const server = await startSocketServer(({ socket }, index) => {
      if (index === 0) socket.close(4401, 'expired');
      else if (index === 1) {
        socket.send(JSON.stringify({ type: 'ready' }));
        socket.send(JSON.stringify(CRAWL_EVENT));
        setTimeout(() => socket.close(4401, 'expired again'), 20);
      } else socket.close(4401, 'refused after renewal');
    });
    servers.push(server);
    const { connection, events } = connect({
      baseUrl: server.baseUrl,
      onUnauthorized: async () => {
        renewals += 1;
        return true;
      },
    });
    await until(() => connection.status === 'closed');
    expect(events).toHaveLength(1);
    // Once for the first socket, once after the second had been ready; the third refusal came straight after a renewal.
    expect(renewals).toBe(2);
    expect(server.peers).toHaveLength(3);
  });

  it('keeps one socket when a renewal both reconnects it and answers its 4401', async () => {
    const server = await startSocketServer(({ socket }, index) => {
      if (index === 0) socket.close(4401, 'expired');
      else {
        socket.send(JSON.stringify({ type: 'ready' }));
        socket.send(JSON.stringify(CRAWL_EVENT));
      }
    });
    servers.push(server);
    const { connection, events } = connect({
      baseUrl: server.baseUrl,
      // As the console does: the renewal itself reconnects every socket, then the 4401 handler says renewed.
      onUnauthorized: async () => {
        connection.reconnect();
        return true;
      },
    });
    await until(() => connection.status === 'open' && events.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Each socket the server saw but the last was closed by the client: one live socket, each event once.
    const open = server.peers.filter((p) => p.socket.readyState === p.socket.OPEN);
    expect(open).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('closes for good on 4401 when the session cannot be renewed', async () => {
    const server = await startSocketServer(({ socket }) => socket.close(4401, 'expired'));
    servers.push(server);
    const { connection } = connect({ baseUrl: server.baseUrl, onUnauthorized: async () => false });
    await until(() => connection.status === 'closed');
    expect(server.peers).toHaveLength(1);
  });

  it('reconnects on demand, and stays closed once closed', async () => {
    const server = await startSocketServer(({ socket }) => socket.send(JSON.stringify({ type: 'ready' })));
    servers.push(server);
    const { connection } = connect({ baseUrl: server.baseUrl });
    await until(() => connection.status === 'open');
    connection.reconnect();
    await until(() => server.peers.length === 2 && connection.status === 'open');
    connection.close();
    connection.reconnect();
    expect(connection.status).toBe('closed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.peers).toHaveLength(2);
  });

  it('needs a WebSocket implementation where the runtime has none', () => {
    const saved = (globalThis as { WebSocket?: unknown }).WebSocket;
    delete (globalThis as { WebSocket?: unknown }).WebSocket;
    try {
      expect(() => connectTeamEvents({ baseUrl: 'http://localhost:3000' })).toThrow(/No WebSocket/);
    } finally {
      if (saved) (globalThis as { WebSocket?: unknown }).WebSocket = saved;
    }
  });
});

describe('connectTeamEvents against the Trawl server', () => {
  let trawlServer: TestServer | undefined;
  afterAll(async () => {
    await trawlServer?.close();
  });

  it("delivers the team's crawl events as they happen", { timeout: 30_000 }, async () => {
    trawlServer = await startTestServer();
    const { connection, events } = connect({ baseUrl: trawlServer.url, token: trawlServer.token });
    await until(() => connection.status === 'open');
    const trawl = createTrawlClient({ baseUrl: trawlServer.url, token: trawlServer.token });
    // Nothing listens on port 9: the crawl starts, then fails.
    const crawl = await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
    const statuses = () =>
      events.flatMap((e) => (e.type === 'CRAWL_EVENT' && e.crawlId === crawl.id ? [e.crawl.status] : []));
    await until(() => statuses().includes('failed'));
    expect(statuses()[0]).toBe('running');
    expect(events.some((e) => e.type === 'CRAWL_LOG_CREATED_EVENT' && e.crawlId === crawl.id)).toBe(true);
  });
});
