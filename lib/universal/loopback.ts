/** Whether a URL's hostname (as `URL.hostname` spells it) names this machine: `localhost`, `[::1]` or 127.0.0.0/8. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}
