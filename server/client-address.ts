// Who a request comes from, for the rate limits: one key per client, whatever spelling the address arrives in.
import ipaddr from 'ipaddr.js'

const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/

// Undefined for text that is not an IP address. An IPv6 client is counted per /64, the block one subscriber usually
// holds, so rotating through its own addresses gains nothing; leading zeros (`071.0.0.9`) are read as decimal.
export function addressKey(raw: string): string | undefined {
  let text = raw.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) text = bracketed[1]!
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
  text = text.replace(/%.*$/, '')
  if (DOTTED_QUAD.test(text)) {
    const octets = text.split('.').map((part) => Number.parseInt(part, 10))
    return octets.every((octet) => octet <= 255) ? octets.join('.') : undefined
  }
  if (!ipaddr.IPv6.isValid(text)) return undefined
  const address = ipaddr.IPv6.parse(text)
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString()
  const block = address.parts.slice(0, 4).map((part) => part.toString(16))
  return `${block.join(':')}::/64`
}

/** With N trusted proxies, the address N entries from the right of X-Forwarded-For (further left, the client wrote it). */
export function clientKey({ remote, forwardedFor, trustedHops }: { remote?: string; forwardedFor?: string; trustedHops: number }): string {
  if (trustedHops > 0 && forwardedFor) {
    const entries = forwardedFor.split(',').flatMap((entry) => entry.trim() || [])
    // Fewer entries than trusted hops: the request passed fewer proxies than configured; the leftmost is the client.
    const chosen = entries[Math.max(0, entries.length - trustedHops)]
    const key = chosen === undefined ? undefined : addressKey(chosen)
    if (key) return key
  }
  return (remote && addressKey(remote)) ?? remote ?? 'unknown'
}
