import { describe, expect, it } from 'vitest'
import { addressKey, clientKey } from '../../server/client-address'
import { trustedHopsFromEnv } from '../../server/settings'

describe('a client address key', () => {
  it('is one key for every spelling of one IPv4 address, one per /64 for an IPv6 client, and none for what is not an address', () => {
    for (const spelling of ['71.0.0.9', '071.0.0.9', '71.000.0.09', '::ffff:71.0.0.9', '[::ffff:71.0.0.9]:443', '71.0.0.9:1234', ' 71.0.0.9 ']) {
      expect(addressKey(spelling), spelling).toBe('71.0.0.9')
    }
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(addressKey('[2001:db8:1:2::9]:8080')).toBe('2001:db8:1:2::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'))
    for (const text of ['', 'unknown', '256.0.0.1', '1.2.3', 'evil.example', '1.2.3.4.5', '::gg']) expect(addressKey(text), text).toBeUndefined()
  })
})

describe('the client behind trusted proxies', () => {
  it('is the address N entries from the right of X-Forwarded-For with TRUST_PROXY=N, a number of hops, and the remote address with no proxy trusted or no address there', () => {
    const forwardedFor = '6.6.6.1, 70.0.0.1, 10.0.0.2'
    expect(clientKey({ remote: '10.0.0.3', forwardedFor, trustedHops: 1 })).toBe('10.0.0.2')
    expect(clientKey({ remote: '10.0.0.3', forwardedFor, trustedHops: 2 })).toBe('70.0.0.1')
    expect(clientKey({ remote: '10.0.0.3', forwardedFor, trustedHops: 3 })).toBe('6.6.6.1')
    // Fewer entries than trusted hops: the leftmost.
    expect(clientKey({ remote: '10.0.0.3', forwardedFor, trustedHops: 5 })).toBe('6.6.6.1')
    expect(clientKey({ remote: '::ffff:127.0.0.1', forwardedFor: '6.6.6.6', trustedHops: 0 })).toBe('127.0.0.1')
    expect(clientKey({ remote: '127.0.0.1', forwardedFor: 'nonsense', trustedHops: 1 })).toBe('127.0.0.1')
    expect(clientKey({ remote: undefined, forwardedFor: undefined, trustedHops: 1 })).toBe('unknown')
    expect(trustedHopsFromEnv({})).toBe(0)
    expect(trustedHopsFromEnv({ TRUST_PROXY: '2' })).toBe(2)
    expect(() => trustedHopsFromEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be the number of proxies/)
    expect(() => trustedHopsFromEnv({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/)
  })
})
