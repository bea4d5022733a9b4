import { describe, expect, it } from 'vitest';
import { assertUrlAllowed, createGuardedLookup, isBlockedAddress } from './net-guard.js';

describe('isBlockedAddress', () => {
  it('blocks private, loopback, link-local and mapped addresses unless private networks are allowed', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.1.1',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isBlockedAddress(ip, false), ip).toBe(true);
      expect(isBlockedAddress(ip, true), ip).toBe(false);
    }
  });

  it('never allows cloud metadata addresses', () => {
    for (const ip of ['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.169.254'])
      expect(isBlockedAddress(ip, true), ip).toBe(true);
  });

  it('allows public addresses', () => {
    for (const ip of ['93.184.216.34', '1.1.1.1', '2606:4700::1111'])
      expect(isBlockedAddress(ip, false), ip).toBe(false);
  });
});

describe('guards', () => {
  it('refuses IP-literal URLs before any request', async () => {
    await expect(assertUrlAllowed('http://127.0.0.1:8080/', { allowPrivateNetworks: false })).rejects.toThrow(
      /Blocked/,
    );
    await expect(assertUrlAllowed('http://[::1]/', { allowPrivateNetworks: false })).rejects.toThrow(
      /Blocked/,
    );
    await expect(
      assertUrlAllowed('http://169.254.169.254/latest', { allowPrivateNetworks: true }),
    ).rejects.toThrow(/Blocked/);
    await expect(
      assertUrlAllowed('http://127.0.0.1/', { allowPrivateNetworks: true }),
    ).resolves.toBeUndefined();
  });

  it('refuses host names that resolve to blocked addresses', async () => {
    const lookup = createGuardedLookup(false);
    const err = await new Promise((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(String(err)).toMatch(/Blocked: localhost resolves to/);
    await expect(
      assertUrlAllowed('http://localhost/', { allowPrivateNetworks: false, resolve: true }),
    ).rejects.toThrow(/Blocked/);
  });
});
