import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { assertUrlAllowed, createGuardedLookup } from './net-guard.js';

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for a browser context's proxy setting. */
  url: string;
  close(): Promise<void>;
}

/**
 * A forward proxy on 127.0.0.1 that opens every upstream connection through the network guard. The
 * browser engine sends all of Chromium's traffic through it, so redirects, scripts and XHR a page makes
 * are held to the same rule as the HTTP engine: no private, loopback, link-local or metadata addresses.
 */
export async function startGuardProxy(options: { allowPrivateNetworks: boolean }): Promise<GuardProxy> {
  const lookup = createGuardedLookup(options.allowPrivateNetworks);
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const target = req.url ?? '';
    if (!/^http:\/\//i.test(target)) return void res.writeHead(400).end('Absolute http:// URL required');
    assertUrlAllowed(target, options)
      .then(() => {
        const upstream = httpRequest(
          target,
          { method: req.method, headers: stripHopHeaders(req), lookup },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', (err) => refuse(res, err));
        // A client that goes away (Chromium closing a page cancels its requests) takes the upstream request
        // with it, so the site sees its connection close instead of serving a page nobody reads.
        res.on('close', () => {
          if (!res.writableFinished) upstream.destroy();
        });
        req.pipe(upstream);
      })
      .catch((err: unknown) => refuse(res, err));
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const [host = '', portText = '443'] = splitHostPort(req.url ?? '');
    client.on('error', () => client.destroy());
    assertUrlAllowed(`https://${host.includes(':') ? `[${host}]` : host}:${portText}/`, options)
      .then(() => {
        const upstream = connect({ host, port: Number(portText), lookup }, () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => {
          if (client.writable) client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
      })
      .catch(() => client.end('HTTP/1.1 403 Forbidden\r\n\r\n'));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function refuse(res: ServerResponse, err: unknown): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(403, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : 'Forbidden');
}

function splitHostPort(authority: string): [string, string] {
  const match = authority.match(/^\[?([^\]]+?)\]?:(\d+)$/);
  return match ? [match[1]!, match[2]!] : [authority, '443'];
}

function stripHopHeaders(req: IncomingMessage): Record<string, string | string[] | undefined> {
  const headers = { ...req.headers };
  for (const h of ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive']) delete headers[h];
  return headers;
}
