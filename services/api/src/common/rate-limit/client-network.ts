import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address stands for in per-address limits: an IPv4 address itself (an IPv4-mapped IPv6 one
 * as IPv4), an IPv6 address's /64. One household or phone is handed a whole /64, so counting single IPv6 addresses
 * would let it take a fresh address for every request.
 */
export function clientNetwork(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.toLowerCase().split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = ip.includes('::') ? groups(tail) : [];
  const full = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
