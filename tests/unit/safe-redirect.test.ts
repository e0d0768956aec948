import { describe, expect, it } from 'vitest'
import { isSafeRedirect, safeRedirectTarget } from '../../lib/universal/safe-redirect'

const ALLOWED = ['authoritylens.com'] as const

/** Open-redirect and script-injection payloads for `?next=`; every one must be refused. */
export const PAYLOADS: readonly string[] = [
  '',
  '//evil.com',
  '///evil.com',
  '////evil.com',
  '/\\evil.com',
  '/\\/evil.com',
  '/\\\\evil.com',
  '\\\\evil.com',
  '\\/evil.com',
  'https:evil.com',
  'https:/evil.com',
  'https:\\\\evil.com',
  'https:/\\evil.com',
  'http://evil.com',
  'http://authoritylens.com.evil.com',
  'HTTPS://evil.com',
  'hTtPs://evil.com',
  'https://evil.com',
  'https://evilauthoritylens.com',
  'https://authoritylens.com.evil.com',
  'https://evil.com/authoritylens.com',
  'https://authoritylens.com@evil.com',
  'https://authoritylens.com:443@evil.com',
  'https://user:pass@authoritylens.com',
  'https://authoritylens.com:8443/',
  'https://evil.com\\@authoritylens.com',
  'https://authoritylens.com\\.evil.com',
  'https://authoritylens.com%2f@evil.com',
  'https://evil.com#authoritylens.com',
  'https://evil.com?authoritylens.com',
  '//authoritylens.com@evil.com',
  '//evil.com\\@authoritylens.com',
  '/%2F%2Fevil.com',
  '%2F%2Fevil.com',
  '/%5Cevil.com',
  '/%5c%5cevil.com',
  '/%09/evil.com',
  '/%0a/evil.com',
  '/%0D%0A/evil.com',
  '/%00/evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  '/\r/evil.com',
  '/\u0000/evil.com',
  '/\u007f/evil.com',
  '\t//evil.com',
  ' //evil.com',
  '/ /evil.com',
  '\u2028//evil.com',
  '\u2029//evil.com',
  '\u3000//evil.com',
  '\ufeff//evil.com',
  '/\u00a0/evil.com',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\nscript:alert(1)',
  'javascript://%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  '//evil.com%2F..',
  '//evil.com/%2e%2e',
  '//%65vil.com',
  'evil.com',
  '.evil.com',
  '@evil.com',
  'ftp://evil.com',
]

describe('isSafeRedirect', () => {
  it('rejects every open-redirect payload', () => {
    const accepted = PAYLOADS.filter((next) => isSafeRedirect(next, ALLOWED))
    expect(accepted).toEqual([])
  })

  it('keeps same-origin paths, a dot-segment one too (it still resolves on this origin), and https URLs on the allowed hosts only, their case aside', () => {
    for (const next of [
      '/',
      '/blog',
      '/blog?utm_source=news&utm_medium=email',
      '/topics/linkedin-proof-signals#faq',
      '/score/confirmation?x=1',
      '/blog/a%20b',
      'https://authoritylens.com/blog',
      'https://AUTHORITYLENS.com/topics?ref=x',
      'https://authoritylens.com',
      'https://authoritylens.com:443/blog',
    ]) {
      expect(isSafeRedirect(next, ALLOWED), next).toBe(true)
    }
    expect(isSafeRedirect('/.//evil.com', ALLOWED)).toBe(true)
    expect(isSafeRedirect('/../../evil.com', ALLOWED)).toBe(true)
    expect(isSafeRedirect('https://authoritylens.com/', ['AuthorityLens.com'])).toBe(true)
    expect(isSafeRedirect('http://authoritylens.com/', ALLOWED)).toBe(false)
    expect(isSafeRedirect('https://authoritylens.com/', [])).toBe(false)
    expect(isSafeRedirect('https://www.authoritylens.com/', ALLOWED)).toBe(false)
    expect(isSafeRedirect('https://www.authoritylens.com/', [...ALLOWED, 'www.authoritylens.com'])).toBe(true)
  })
})

describe('safeRedirectTarget', () => {
  it('returns a safe target unchanged, and sends anything unsafe or missing to the home page', () => {
    expect(safeRedirectTarget('/blog?utm_source=news', ALLOWED)).toBe('/blog?utm_source=news')
    expect(safeRedirectTarget('https://authoritylens.com/topics', ALLOWED)).toBe('https://authoritylens.com/topics')
    for (const next of ['//evil.com', 'javascript:alert(1)', null, undefined, '']) expect(safeRedirectTarget(next, ALLOWED), String(next)).toBe('/')
  })
})
