import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may be sent (docs/decisions.md "Webhook receivers and private addresses"). Only http and https.
 * Addresses that are never a receiver — "this host" (0.0.0.0/8, ::), link-local (169.254/16 with the cloud metadata
 * service, fe80::/10), multicast and broadcast — are always refused. Private and loopback addresses (10/8, 172.16/12,
 * 192.168/16, 100.64/10, 127/8, ::1, fc00::/7) are allowed unless WEBHOOK_ALLOW_PRIVATE=0: on an on-premise install
 * the receivers (chat, ticket system, ERP) are usually on the company's LAN. The check is made on the address the
 * connection is actually opened to (the resolver's answer, `guardedLookup`), so a name that resolves elsewhere later
 * (DNS rebinding) is caught too.
 */
const never = new BlockList();
never.addSubnet('0.0.0.0', 8, 'ipv4');
never.addSubnet('169.254.0.0', 16, 'ipv4');
never.addSubnet('224.0.0.0', 4, 'ipv4');
never.addAddress('255.255.255.255', 'ipv4');
never.addAddress('::', 'ipv6');
never.addSubnet('fe80::', 10, 'ipv6');
never.addSubnet('ff00::', 8, 'ipv6');

const internal = new BlockList();
internal.addSubnet('10.0.0.0', 8, 'ipv4');
internal.addSubnet('172.16.0.0', 12, 'ipv4');
internal.addSubnet('192.168.0.0', 16, 'ipv4');
internal.addSubnet('100.64.0.0', 10, 'ipv4');
internal.addSubnet('127.0.0.0', 8, 'ipv4');
internal.addAddress('::1', 'ipv6');
internal.addSubnet('fc00::', 7, 'ipv6');

/** Why an address may not receive webhooks, or null when it may. */
export function addressProblem(address: string, allowPrivate: boolean): string | null {
  const family = isIP(address);
  if (!family) return `${address} is not an IP address`;
  // an IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  const [a, type] = mapped
    ? [mapped, 'ipv4' as const]
    : [address, family === 4 ? ('ipv4' as const) : ('ipv6' as const)];
  if (never.check(a, type)) return `${address} is not a receiver address (this-host, link-local, multicast)`;
  if (!allowPrivate && internal.check(a, type))
    return `${address} is a private or loopback address (WEBHOOK_ALLOW_PRIVATE=0)`;
  return null;
}

/** The URL's problem as a receiver (scheme, credentials, a literal address refused), or null. */
export function receiverUrlProblem(text: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The URL must be an absolute http:// or https:// address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The URL must be an absolute http:// or https:// address';
  if (url.username || url.password) return 'The URL must not contain a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const problem = addressProblem(host, allowPrivate);
    if (problem) return problem;
  }
  return null;
}

/** node's lookup for http.request, refusing the addresses above: every connection's address is checked. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      for (const a of list) {
        const problem = addressProblem(a.address, allowPrivate);
        if (problem) return callback(Object.assign(new Error(problem), { code: 'EADDRREFUSED' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
