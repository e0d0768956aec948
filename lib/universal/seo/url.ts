/** The absolute URL of a site path on the canonical origin: `absoluteUrl('/blog', 'https://x.com')` → `https://x.com/blog`. */
export function absoluteUrl(path: string, siteUrl: string): string {
  if (!path.startsWith('/')) throw new Error(`absoluteUrl: expected a path starting with "/", got "${path}"`)
  return new URL(path, siteUrl).href
}
