// Whether a URL points at this machine: for the server (a webhook, a local preview's origin) and the
// build (an API_ORIGIN for a local try) alike.

/**
 * Whether a URL's hostname (as `URL.hostname` spells it) names this machine: `localhost`, `[::1]` or
 * 127.0.0.0/8. A webhook there never leaves the machine; a page served there is a local preview.
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}
