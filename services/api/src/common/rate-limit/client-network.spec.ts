import { describe, expect, it } from '@jest/globals';
import { clientNetwork } from './client-network.js';

describe('clientNetwork', () => {
  it('keeps IPv4 addresses, unmapping IPv4-mapped IPv6 ones', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork(undefined)).toBe('unknown');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:0:12::/64';
    expect(clientNetwork('2001:db8:0:12::1')).toBe(network);
    expect(clientNetwork('2001:0DB8:0000:0012:ffff:1:2:3')).toBe(network);
    expect(clientNetwork('2001:db8:0:12:aaaa::')).toBe(network);
    expect(clientNetwork('2001:db8:0:13::1')).not.toBe(network);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
