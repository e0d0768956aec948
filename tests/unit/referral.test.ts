import { describe, expect, it } from 'vitest'
import { REFERRAL_TTL_MS, isValidRefCode, readCookie, readStoredReferral, refCodeFromPath, resolveRefCode, storeReferral } from '../../lib/universal/referral'
import { memoryStorage } from './memory-storage'

const throwingStorage = {
  getItem: (): string | null => {
    throw new Error('SecurityError')
  },
  setItem: (): void => {
    throw new Error('QuotaExceededError')
  },
}

const NOW = 1_700_000_000_000

describe('isValidRefCode', () => {
  it('accepts 1 to 64 letters, digits, underscores and hyphens, and rejects empty, too long, punctuated, spaced, non-ASCII and non-string codes', () => {
    for (const code of ['A', 'abc_DEF-123', 'x'.repeat(64)]) expect(isValidRefCode(code), code).toBe(true)
    for (const code of ['', 'x'.repeat(65), 'a.b', 'a b', 'a/b', 'ref%20', 'é', 'abc\n', 42, null, undefined, ['abc']]) {
      expect(isValidRefCode(code), String(code)).toBe(false)
    }
  })
})

describe('refCodeFromPath', () => {
  it('reads the code from /r/{code} with or without a trailing slash, percent-decoded before it is validated; null without a code, with extra segments or outside /r/', () => {
    expect(refCodeFromPath('/r/ABC')).toBe('ABC')
    expect(refCodeFromPath('/r/ABC/')).toBe('ABC')
    expect(refCodeFromPath('/r/partner_01-x')).toBe('partner_01-x')
    expect(refCodeFromPath('/r/%41BC')).toBe('ABC')
    for (const path of ['/r/A%20BC', '/r/%E0%A4%A', '/r/%2F', '/r', '/r/', '/r//', '/r/ABC/extra', '/ref/ABC', '/x/r/ABC', '/r/a.b', `/r/${'x'.repeat(65)}`]) {
      expect(refCodeFromPath(path), path).toBeNull()
    }
  })
})

describe('storeReferral and readStoredReferral', () => {
  it('stores a valid code with an expiry 90 days from now, reads it back until the moment it expires, and ignores a storage that refuses; reads missing, unparsable, wrongly shaped or invalid entries as null', () => {
    const storage = memoryStorage()
    storeReferral(storage, 'not valid', NOW)
    expect(storage.items.size).toBe(0)
    storeReferral(storage, 'ABC', NOW)
    expect(JSON.parse(storage.items.get('al_referral') ?? 'null')).toEqual({ ref_code: 'ABC', expiresAt: NOW + 7_776_000_000 })
    expect(readStoredReferral(storage, NOW)).toBe('ABC')
    expect(readStoredReferral(storage, NOW + REFERRAL_TTL_MS - 1)).toBe('ABC')
    expect(readStoredReferral(storage, NOW + REFERRAL_TTL_MS)).toBeNull()
    // A storage that refuses to write or read is ignored.
    expect(() => storeReferral(throwingStorage, 'ABC', NOW)).not.toThrow()
    expect(readStoredReferral(throwingStorage, NOW)).toBeNull()
    const entries = [
      undefined,
      'not json',
      'null',
      '"ABC"',
      '[]',
      JSON.stringify({ ref_code: 'ABC' }),
      JSON.stringify({ ref_code: 'ABC', expiresAt: String(NOW + 1000) }),
      JSON.stringify({ ref_code: 'A B', expiresAt: NOW + 1000 }),
      JSON.stringify({ ref_code: 12, expiresAt: NOW + 1000 }),
      JSON.stringify({ expiresAt: NOW + 1000 }),
    ]
    for (const entry of entries) {
      const storage = memoryStorage(entry === undefined ? {} : { al_referral: entry })
      expect(readStoredReferral(storage, NOW), String(entry)).toBeNull()
    }
  })
})

describe('readCookie', () => {
  it('finds one cookie among several by its whole name, not a prefix or suffix, percent-decodes its value, and tolerates malformed parts and bad escapes', () => {
    expect(readCookie('a=1; al_ref=ABC; b=2', 'al_ref')).toBe('ABC')
    expect(readCookie('greeting=hello%20world', 'greeting')).toBe('hello world')
    expect(readCookie('token=a=b=c', 'token')).toBe('a=b=c')
    expect(readCookie('q="quoted"', 'q')).toBe('quoted')
    expect(readCookie('xal_ref=BAD; al_ref_old=BAD', 'al_ref')).toBeNull()
    expect(readCookie('xal_ref=BAD; al_ref=GOOD', 'al_ref')).toBe('GOOD')
    expect(readCookie(';;garbage; =x; al_ref=ABC', 'al_ref')).toBe('ABC')
    expect(readCookie('al_ref=%E0%A4%A', 'al_ref')).toBe('%E0%A4%A')
    expect(readCookie('', 'al_ref')).toBeNull()
    expect(readCookie('al_ref=', 'al_ref')).toBe('')
  })
})

describe('resolveRefCode', () => {
  const stored = () => {
    const storage = memoryStorage()
    storeReferral(storage, 'STORED', NOW)
    return storage
  }
  const sources = (query: string, storage: ReturnType<typeof memoryStorage> | null, cookie: string, now = NOW) => ({
    search: new URLSearchParams(query),
    storage,
    cookie,
    now,
  })

  it('prefers ?ref, then ?ref_code, then the stored referral, then the al_ref cookie, skipping invalid candidates', () => {
    expect(resolveRefCode(sources('ref=QUERY&ref_code=QUERY2', stored(), 'al_ref=COOKIE'))).toBe('QUERY')
    expect(resolveRefCode(sources('ref_code=QUERY2', stored(), 'al_ref=COOKIE'))).toBe('QUERY2')
    expect(resolveRefCode(sources('', stored(), 'al_ref=COOKIE'))).toBe('STORED')
    expect(resolveRefCode(sources('', memoryStorage(), 'al_ref=COOKIE'))).toBe('COOKIE')
    expect(resolveRefCode(sources('', null, 'al_ref=COOKIE'))).toBe('COOKIE')
    expect(resolveRefCode(sources('ref=bad code&ref_code=<x>', stored(), 'al_ref=COOKIE'))).toBe('STORED')
    expect(resolveRefCode(sources('ref=', null, 'al_ref=COOKIE'))).toBe('COOKIE')
    expect(resolveRefCode(sources('', null, 'al_ref=bad%20code'))).toBeNull()
  })

  it('skips an expired stored referral, falls back to the cookie when storage cannot be read, and answers null when no source has a code', () => {
    expect(resolveRefCode(sources('', stored(), 'al_ref=COOKIE', NOW + REFERRAL_TTL_MS))).toBe('COOKIE')
    expect(resolveRefCode(sources('', stored(), '', NOW + REFERRAL_TTL_MS))).toBeNull()
    expect(resolveRefCode({ search: new URLSearchParams(), storage: throwingStorage, cookie: 'al_ref=COOKIE', now: NOW })).toBe('COOKIE')
    expect(resolveRefCode(sources('utm_source=x', memoryStorage(), 'a=1'))).toBeNull()
  })
})
