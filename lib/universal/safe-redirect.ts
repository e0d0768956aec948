// Where `/r/{code}?next=` may send a visitor: an allowlist, never a blocklist.

const BASE = 'https://example.invalid'
// Control characters, any Unicode whitespace (JS `\s` covers U+00A0, U+2028, U+FEFF…) and backslashes.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHAR = /[\u0000-\u001F\u007F\s\\]/
// Percent-encoded slash, backslash or control character, which some layer may decode later.
const FORBIDDEN_ESCAPE = /%(2f|5c|[01][0-9a-f]|7f)/i

/** Whether the absolute `https://` URL lands on an allowed host with no userinfo and the default port. */
function isAllowedHttpsUrl(next: string, allowedHosts: readonly string[]): boolean {
  const authority = next.slice('https://'.length).split(/[/?#]/, 1)[0] ?? ''
  if (authority.includes('@')) return false
  let url: URL
  try {
    url = new URL(next)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return false
  return allowedHosts.some((host) => host.toLowerCase() === url.hostname)
}

function isSameOriginPath(next: string): boolean {
  if (next.startsWith('//')) return false
  try {
    return new URL(next, BASE).origin === BASE
  } catch {
    return false
  }
}

/** Accepts a same-origin path (`/…`, not `//…`) or an `https://` URL on an allowed host; anything else is an open redirect. */
export function isSafeRedirect(next: string, allowedHosts: readonly string[]): boolean {
  if (next === '' || FORBIDDEN_CHAR.test(next) || FORBIDDEN_ESCAPE.test(next)) return false
  if (next.startsWith('/')) return isSameOriginPath(next)
  if (next.startsWith('https://')) return isAllowedHttpsUrl(next, allowedHosts)
  return false
}

export function safeRedirectTarget(next: string | null | undefined, allowedHosts: readonly string[]): string {
  return typeof next === 'string' && isSafeRedirect(next, allowedHosts) ? next : '/'
}
