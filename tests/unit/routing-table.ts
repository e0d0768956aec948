// What a visitor gets for each kind of URL: the one table that the Node server (server.test.ts) and
// the static-host files (host-files.test.ts: public/_redirects, public/_headers, vercel.json) are
// both checked against.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { SECURITY_HEADERS, contentSecurityPolicy } from '../../server/static-paths'

/** A miniature build in the real layout (`vike build` with `noExtraDir`): each file's body names the file. */
export const SITE_FILES = [
  'index.html',
  '404.html',
  'r.html',
  'blog.html',
  'blog/post-a.html',
  'topics.html',
  'topics/topic-a.html',
  'score/confirmation.html',
  'thank-you.html',
  'testimonials.html',
  'privacy-policy.html',
  'terms-of-service.html',
  'assets/entries/page.abc123.js',
  'favicon.svg',
  'robots.txt',
  'sitemap.xml',
] as const

export function writeMiniatureSite(): { clientDir: string; remove: () => void } {
  const clientDir = mkdtempSync(join(tmpdir(), 'client-'))
  for (const file of SITE_FILES) {
    mkdirSync(dirname(join(clientDir, file)), { recursive: true })
    writeFileSync(join(clientDir, file), servedBody(file))
  }
  writeFileSync(join(clientDir, 'blog.html.gz'), gzipSync(servedBody('blog.html')))
  // Vite copies public/ into the build, so the static-host rule files sit beside the pages.
  for (const file of ['_headers', '_redirects']) writeFileSync(join(clientDir, file), servedBody(file))
  return { clientDir, remove: () => rmSync(clientDir, { recursive: true, force: true }) }
}

export const servedBody = (file: string) => `served:${file}`

export interface Route {
  /** Path and query as the visitor types them. */
  url: string
  status: 200 | 308 | 404
  /** The file whose content answers (200 and 404). */
  file?: (typeof SITE_FILES)[number]
  /** Where a redirect sends the visitor, query kept. */
  location?: string
  cacheControl?: string
  /** Set where only the Node server can give this answer, saying why. */
  nodeOnly?: string
}

const PAGE = 'no-cache'
const ASSET = 'public, max-age=31536000, immutable'
const FILE = 'public, max-age=3600'

export const ROUTES: readonly Route[] = [
  { url: '/', status: 200, file: 'index.html', cacheControl: PAGE },
  { url: '/blog', status: 200, file: 'blog.html', cacheControl: PAGE },
  { url: '/blog/post-a', status: 200, file: 'blog/post-a.html', cacheControl: PAGE },
  { url: '/topics', status: 200, file: 'topics.html', cacheControl: PAGE },
  { url: '/topics/topic-a', status: 200, file: 'topics/topic-a.html', cacheControl: PAGE },
  { url: '/testimonials', status: 200, file: 'testimonials.html', cacheControl: PAGE },
  { url: '/privacy-policy', status: 200, file: 'privacy-policy.html', cacheControl: PAGE },
  { url: '/terms-of-service', status: 200, file: 'terms-of-service.html', cacheControl: PAGE },
  { url: '/score/confirmation?x=1&utm_source=news', status: 200, file: 'score/confirmation.html', cacheControl: PAGE },
  { url: '/thank-you?session_id=cs_test_1', status: 200, file: 'thank-you.html', cacheControl: PAGE },
  // SPEC §2: any /dashboard path shows the home screen; any /r/<code> gets the referral shell.
  { url: '/dashboard', status: 200, file: 'index.html', cacheControl: PAGE },
  { url: '/dashboard/reports/2025', status: 200, file: 'index.html', cacheControl: PAGE },
  { url: '/r/PARTNER_42?next=/blog', status: 200, file: 'r.html', cacheControl: PAGE },
  { url: '/r', status: 200, file: 'r.html', cacheControl: PAGE },
  // One URL per page: other spellings are sent, permanently, to it.
  { url: '/blog/?utm_source=x', status: 308, location: '/blog?utm_source=x' },
  { url: '/topics/topic-a/', status: 308, location: '/topics/topic-a' },
  { url: '/blog.html', status: 308, location: '/blog' },
  { url: '/index.html', status: 308, location: '/' },
  // A real 404 status for anything not built.
  { url: '/no-such-page', status: 404, file: '404.html' },
  { url: '/topics/no-such-topic', status: 404, file: '404.html' },
  { url: '/blog/post-a/extra', status: 404, file: '404.html' },
  // Files.
  { url: '/assets/entries/page.abc123.js', status: 200, file: 'assets/entries/page.abc123.js', cacheControl: ASSET },
  { url: '/favicon.svg', status: 200, file: 'favicon.svg', cacheControl: FILE },
  { url: '/robots.txt', status: 200, file: 'robots.txt', cacheControl: FILE },
  { url: '/sitemap.xml', status: 200, file: 'sitemap.xml', cacheControl: FILE },
  // Only the Node server can say these.
  { url: '/404.html', status: 404, file: '404.html', nodeOnly: 'static hosts serve the 404 page file itself, at /404, with status 200' },
  { url: '//evil.example/', status: 308, location: '/evil.example', nodeOnly: "a static host's own URL normalization handles doubled slashes, and no rule file can change it" },
]

/** Every page, file and 404 answer carries these, on the server and on every static host. */
export const EXPECTED_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': contentSecurityPolicy({ script: [], style: [] }),
}
