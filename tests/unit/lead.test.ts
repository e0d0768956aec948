import { describe, expect, it } from 'vitest'
import {
  LEAD_MESSAGES,
  LINKEDIN_URL_PATTERN,
  SUBMIT_FAILED_MESSAGE,
  isLinkedinProfileUrl,
  leadDedupeKey,
  normalizeEmail,
  normalizeLinkedinUrl,
  validateLead,
} from '../../lib/universal/lead'
import { sampleLead } from './lead-fixture'

const good = { ...sampleLead, linkedin_url: 'https://www.linkedin.com/in/ada-lovelace' }

describe('validateLead', () => {
  it('accepts a complete lead and returns it trimmed of spaces, or reports only the first failing field, in form order, with the exact messages from the error catalogue', () => {
    expect(validateLead({ first_name: '  Ada ', linkedin_url: ' linkedin.com/in/ada ', email: ' ada@example.com ' })).toEqual({
      ok: true,
      lead: { first_name: 'Ada', linkedin_url: 'linkedin.com/in/ada', email: 'ada@example.com' },
    })
    expect(LEAD_MESSAGES).toEqual({
      first_name: 'Please enter your first name.',
      linkedin_url: 'Please enter a valid LinkedIn profile or company URL.',
      email: 'Please enter a valid email address.',
    })
    expect(SUBMIT_FAILED_MESSAGE).toBe('Something went wrong. Please try again.')
    expect(validateLead({})).toEqual({ ok: false, field: 'first_name', error: 'Please enter your first name.' })
    expect(validateLead({ first_name: 'Ada', email: 'nope' })).toEqual({
      ok: false,
      field: 'linkedin_url',
      error: 'Please enter a valid LinkedIn profile or company URL.',
    })
    expect(validateLead({ ...good, email: 'nope' })).toEqual({ ok: false, field: 'email', error: 'Please enter a valid email address.' })
  })

  it('rejects a first name that is blank after trimming or longer than 100 characters, and a non-string value as empty', () => {
    expect(validateLead({ ...good, first_name: '   ' })).toMatchObject({ ok: false, field: 'first_name' })
    expect(validateLead({ ...good, first_name: 'a'.repeat(101) })).toMatchObject({ ok: false, field: 'first_name' })
    expect(validateLead({ ...good, first_name: ` ${'a'.repeat(100)} ` })).toMatchObject({ ok: true })
    // A value that is not a string is empty.
    expect(validateLead({ ...good, first_name: 42 })).toMatchObject({ ok: false, field: 'first_name' })
    expect(validateLead({ ...good, linkedin_url: ['linkedin.com/in/ada'] })).toMatchObject({ ok: false, field: 'linkedin_url' })
    expect(validateLead({ ...good, email: null })).toMatchObject({ ok: false, field: 'email' })
  })

  it('accepts profile and company URLs in any letter case with the browser rule; rejects one without the /in/ or /company/ path, or longer than 300 characters', () => {
    for (const url of ['https://LinkedIn.com/IN/ada', 'linkedin.com/company/acme/', 'http://uk.linkedin.com/in/ada?trk=x']) {
      expect(validateLead({ ...good, linkedin_url: url })).toMatchObject({ ok: true })
    }
    for (const url of ['https://linkedin.com/ada', 'https://linkedin.com/feed/', 'https://example.com/in/ada', 'linkedin.com/in']) {
      expect(validateLead({ ...good, linkedin_url: url })).toMatchObject({ ok: false, field: 'linkedin_url' })
    }
    const long = `https://linkedin.com/in/${'a'.repeat(300 - 24)}`
    expect(long).toHaveLength(300)
    expect(validateLead({ ...good, linkedin_url: long })).toMatchObject({ ok: true })
    expect(validateLead({ ...good, linkedin_url: `${long}a` })).toMatchObject({ ok: false, field: 'linkedin_url' })
  })

  it('is the rule the form gives the browser as its URL pattern, applied as the browser applies it, which the strict rule of the server narrows', () => {
    const pattern = new RegExp(`^(?:${LINKEDIN_URL_PATTERN})$`, 'v')
    for (const url of [
      'https://LinkedIn.com/IN/ada',
      'linkedin.com/company/acme/',
      'https://evil-linkedin.com/in/ada',
      'https://linkedin.com/ada',
      'https://example.com/in/ada',
      'linkedin.com/in',
    ])
      expect(pattern.test(url), url).toBe(validateLead({ ...good, linkedin_url: url }).ok)
    // The browser rule passes a look-alike host that the server's strict rule refuses.
    const lookalike = { ...good, linkedin_url: 'https://evil-linkedin.com/in/ada' }
    expect(validateLead(lookalike)).toMatchObject({ ok: true })
    expect(validateLead(lookalike, { strictUrl: true })).toEqual({
      ok: false,
      field: 'linkedin_url',
      error: 'Please enter a valid LinkedIn profile or company URL.',
    })
    expect(validateLead(good, { strictUrl: true })).toMatchObject({ ok: true })
  })

  it('rejects e-mails that do not match the simple pattern or exceed 254 characters', () => {
    for (const email of ['ada', 'ada@', '@example.com', 'ada@example', 'ada lovelace@example.com', 'ada@exa mple.com', 'a@b@c.com']) {
      expect(validateLead({ ...good, email })).toMatchObject({ ok: false, field: 'email' })
    }
    const long = `${'a'.repeat(254 - '@example.com'.length)}@example.com`
    expect(long).toHaveLength(254)
    expect(validateLead({ ...good, email: long })).toMatchObject({ ok: true })
    expect(validateLead({ ...good, email: `a${long}` })).toMatchObject({ ok: false, field: 'email' })
  })
})

describe('isLinkedinProfileUrl', () => {
  it('accepts linkedin.com and its subdomains with a profile or company handle, and rejects look-alike hosts, userinfo, other schemes and missing handles', () => {
    for (const url of [
      'https://www.linkedin.com/in/ada',
      'https://linkedin.com/in/ada/',
      'http://uk.linkedin.com/company/acme/about/',
      'www.linkedin.com/in/ada-lovelace-123',
      'https://www.linkedin.com/in/ada?utm_source=share',
    ]) {
      expect(isLinkedinProfileUrl(url), url).toBe(true)
    }
    for (const url of [
      'https://linkedin.com.evil.com/in/ada',
      'https://evil-linkedin.com/in/ada',
      'https://evil.com/linkedin.com/in/ada',
      'https://evil.com/?linkedin.com/in/ada',
      'https://linkedin.com@evil.com/in/ada',
      'https://user:pass@www.linkedin.com/in/ada',
      'ftp://www.linkedin.com/in/ada',
      'javascript://www.linkedin.com/in/ada',
      'https://www.linkedin.com/in/',
      'https://www.linkedin.com/in//ada',
      'https://www.linkedin.com/feed/in/ada',
      'https://www.linkedin.com/company',
      'https://',
      '',
    ]) {
      expect(isLinkedinProfileUrl(url), url).toBe(false)
    }
  })
})

describe('names, markup and spreadsheet formulas', () => {
  it('refuses a first name with markup, a control character, NUL, a line separator or a leading formula sign, with the first-name message, and markup and control characters in the URL and the e-mail', () => {
    for (const name of ['<b>Ada</b>', 'Ada>', 'Ad\u0000a', 'A\u0008da', 'Ada\u009b', 'Ada\u2028Lovelace', '=1+1', '+Ada', '-Ada', '@Ada', '\t=cmd']) {
      expect(validateLead({ ...good, first_name: name }), JSON.stringify(name)).toEqual({ ok: false, field: 'first_name', error: LEAD_MESSAGES.first_name })
    }
    expect(validateLead({ ...good, first_name: "Jean-Luc O'Neil" })).toMatchObject({ ok: true })
    // In the URL and the e-mail address too, even where trimming would drop them.
    expect(validateLead({ ...good, linkedin_url: 'https://linkedin.com/in/<ada>' })).toMatchObject({ ok: false, field: 'linkedin_url' })
    expect(validateLead({ ...good, linkedin_url: 'linkedin.com/in/ada\n' })).toMatchObject({ ok: false, field: 'linkedin_url' })
    expect(validateLead({ ...good, email: 'ada\u0000@example.com' })).toMatchObject({ ok: false, field: 'email' })
    expect(validateLead({ ...good, email: '\tada@example.com' })).toMatchObject({ ok: false, field: 'email' })
  })
})

describe('normalisation', () => {
  it('stores the profile URL with https, a lower-case host and no query or fragment, the e-mail address trimmed, its domain in lower case: one key for one person', () => {
    expect(normalizeLinkedinUrl('HTTP://WWW.LinkedIn.com/in/Ada?trk=x#top')).toBe('https://www.linkedin.com/in/Ada')
    expect(normalizeLinkedinUrl('linkedin.com/company/acme/')).toBe('https://linkedin.com/company/acme/')
    expect(normalizeEmail('  Ada.L@Example.COM ')).toBe('Ada.L@example.com')
    // Every spelling of one person has the same key.
    const key = leadDedupeKey(good)
    expect(leadDedupeKey({ ...good, email: 'ADA@example.com', linkedin_url: 'http://linkedin.com/in/Ada-Lovelace/?x=1' })).toBe(key)
    expect(leadDedupeKey({ ...good, linkedin_url: 'https://www.linkedin.com/in/someone-else' })).not.toBe(key)
  })
})
