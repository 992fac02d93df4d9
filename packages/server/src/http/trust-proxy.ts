import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Loopback, private (RFC 1918, RFC 4193) and link-local networks: where a reverse proxy in front of
 * Vatio connects from (the same host, a container network, a LAN).
 */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(plain)) return PRIVATE.check(plain, 'ipv4');
  return isIPv6(plain) && PRIVATE.check(plain, 'ipv6');
}

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting (config.ts). A hop count N believes the last N
 * entries of X-Forwarded-For (the ones the proxies appended), so the client is the address the
 * outermost proxy saw; and only when the peer connecting to Vatio is on a private network, so a client
 * reaching the port directly cannot name its own address. (Fastify 5 refuses a bare hop count for
 * that reason; Fastify's `true` would believe every hop, including the left-most that the client
 * wrote itself.) A list of addresses or CIDRs goes to Fastify as it is: those hops are skipped.
 */
export function trustProxyOption(
  setting: false | number | string,
): false | string | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'string') return setting;
  return (address, hop) => hop < setting && (hop > 0 || isPrivateAddress(address));
}
