import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Cloud metadata endpoints: never fetched, whatever the configuration says. */
const METADATA = new Set(['169.254.169.254', '100.100.100.200', 'fd00:ec2::254']);

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

export class BlockedAddressError extends Error {
  readonly code = 'ERR_TRAWL_BLOCKED_ADDRESS';
  constructor(host: string, address: string) {
    super(`Blocked: ${host} resolves to ${address}, a private, loopback, link-local or metadata address`);
    this.name = 'BlockedAddressError';
  }
}

/** Whether a crawl may connect to `address`. Private networks are allowed only when configured; metadata never. */
export function isBlockedAddress(address: string, allowPrivateNetworks: boolean): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (mapped) return isBlockedAddress(mapped, allowPrivateNetworks);
  if (METADATA.has(ip)) return true;
  if (allowPrivateNetworks) return false;
  const family = isIP(ip);
  if (family === 0) return true;
  return PRIVATE.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that refuses blocked addresses after DNS resolution. Used as the connection
 * lookup of the HTTP client, so the address checked is the address connected to (no rebinding gap).
 */
export function createGuardedLookup(allowPrivateNetworks: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const blocked = addresses.find((a) => isBlockedAddress(a.address, allowPrivateNetworks));
      if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Checks a URL before it is requested: IP literals are checked here (sockets skip DNS for them), and
 * with `resolve` (when a proxy connects for us) host names are resolved and checked too.
 */
export async function assertUrlAllowed(
  url: string,
  options: { allowPrivateNetworks: boolean; resolve?: boolean },
): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isBlockedAddress(host, options.allowPrivateNetworks)) throw new BlockedAddressError(host, host);
    return;
  }
  if (!options.resolve) return;
  const lookup = createGuardedLookup(options.allowPrivateNetworks);
  await new Promise<void>((resolve, reject) =>
    lookup(host, { all: true }, (err) => (err ? reject(err) : resolve())),
  );
}
