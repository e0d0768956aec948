// The conversion record sent once from the thank-you page; absent values are null, never "".
import { readCookie, resolveRefCode, type VisitSources } from './referral'
import { clip } from './text'

/** Longest UTM value and session id kept; the API holds stored records to the same limits. */
export const UTM_MAX = 200
export const SESSION_ID_MAX = 255

export type ConversionRecord = Record<'session_id' | 'ref_code' | 'ga_client_id' | 'utm_source' | 'utm_medium' | 'utm_campaign', string | null>

function queryValue(search: URLSearchParams, name: string): string | null {
  const value = search.get(name)?.trim() ?? ''
  return value === '' ? null : value
}

/** The analytics client id: parts 3 and 4 of the `_ga` cookie (`GA1.1.123.456` → `123.456`), if it has at least 4 parts. */
export function readGaClientId(cookieHeader: string): string | null {
  const parts = readCookie(cookieHeader, '_ga')?.split('.') ?? []
  if (parts.length < 4 || parts.some((part) => part === '')) return null
  return `${parts[2]}.${parts[3]}`
}

/** The three UTM parameters, trimmed, blank → null, each cut to 200 characters. */
export function readUtm(search: URLSearchParams): Pick<ConversionRecord, 'utm_source' | 'utm_medium' | 'utm_campaign'> {
  const utm = (name: string) => {
    const value = queryValue(search, name)
    return value === null ? null : clip(value, UTM_MAX)
  }
  return { utm_source: utm('utm_source'), utm_medium: utm('utm_medium'), utm_campaign: utm('utm_campaign') }
}

/** Everything the thank-you page reports; an over-long session_id is dropped (null) since a cut id would be wrong. */
export function conversionRecord(sources: VisitSources): ConversionRecord {
  const sessionId = queryValue(sources.search, 'session_id')
  return {
    session_id: sessionId !== null && sessionId.length <= SESSION_ID_MAX ? sessionId : null,
    ref_code: resolveRefCode(sources),
    ga_client_id: readGaClientId(sources.cookie),
    ...readUtm(sources.search),
  }
}
