// What a visitor gets for each kind of URL: the one table that the Node server (server.test.ts) and
// the static hosts' rule files (host-files-rules.test.ts: `_redirects`, `_headers`, `vercel.json`, written
// from the same route table as the build writes them) are both checked against.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { FORM_PAGE_FILE, type FormPage, type ProblemField } from '../../lib/universal/form-page'
import { CSP_HASHES_FILE, REDIRECTS_FILE, type CspHashes, type Redirect } from '../../lib/universal/routes'
import { LEAD_FIELDS } from '../../lib/universal/lead'
import { writeHostFiles } from '../../pipeline/host-files'

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
  'rss.xml',
  'atom.xml',
  'feed.json',
  'llms.txt',
  'blog/post-a.md',
  'topics/topic-a.md',
  'pagefind/pagefind.js',
  'pagefind/pagefind-entry.json',
  'pagefind/wasm.en.pagefind',
  'pagefind/pagefind.en_1a2b3c4d5e.pf_meta',
  'pagefind/index/en_1a2b3c4.pf_index',
  'pagefind/fragment/en_5d6e7f8.pf_fragment',
] as const

/** The miniature build's inline hashes (one script, one stylesheet), so its CSP is not the empty one. */
export const MINIATURE_HASHES: CspHashes = { script: ['sha256-bWluaWF0dXJlIHNjcmlwdA=='], style: ['sha256-bWluaWF0dXJlIHN0eWxl'] }

/** The miniature build's old URLs (`redirectFrom` in the content files of its article and topic). */
export const MINIATURE_REDIRECTS: readonly Redirect[] = [
  { from: '/blog/old-post', to: '/blog/post-a' },
  { from: '/old-topic', to: '/topics/topic-a' },
]

// The page a refused form post gets, as the build writes it beside the site (lib/universal/form-page.ts), in
// miniature: a stylesheet, the slots, and the form once for each field the problem may be about.
const MINIATURE_LABELS = { first_name: 'Your first name', linkedin_url: 'Your LinkedIn URL', email: 'Your e-mail' }
const miniatureForm = (invalid: ProblemField) =>
  [
    '<form class="score-form" method="post" action="/api/score">',
    ...Object.entries(MINIATURE_LABELS).map(
      ([field, label]) =>
        `<label for="${field}">${label}</label><input id="${field}" name="${field}" value="{{${field}}}"${field === invalid ? ' aria-invalid="true"' : ''}/>`,
    ),
    '<p id="free-score-error" class="form-error" role="alert">{{message}}</p><button type="submit">Score me</button>',
    '<input type="hidden" name="return_query" value="{{return_query}}"/></form>',
  ].join('')
const MINIATURE_FORM_PAGE: FormPage = {
  page: '<!DOCTYPE html><html lang="en"><head><title>{{message}}</title><style>.score-form{display:grid}</style></head><body><h1>Get your free Authority Score</h1>{{form}}</body></html>',
  forms: Object.fromEntries([...LEAD_FIELDS, 'none' as const].map((field) => [field, miniatureForm(field)])) as FormPage['forms'],
}

/**
 * Writes the miniature build, `extraFiles` too, with its CSP hashes, its old URLs, its form page and the rule files the
 * build would write for it (with `apiOrigin`, as built with API_ORIGIN).
 */
export function writeMiniatureSite(
  extraFiles: readonly string[] = [],
  redirects: readonly Redirect[] = MINIATURE_REDIRECTS,
  apiOrigin?: string,
): { clientDir: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'site-'))
  const clientDir = join(root, 'client')
  for (const file of [...SITE_FILES, ...extraFiles]) {
    mkdirSync(dirname(join(clientDir, file)), { recursive: true })
    writeFileSync(join(clientDir, file), servedBody(file))
  }
  writeFileSync(join(clientDir, 'blog.html.gz'), gzipSync(servedBody('blog.html')))
  writeFileSync(join(clientDir, CSP_HASHES_FILE), JSON.stringify(MINIATURE_HASHES))
  writeFileSync(join(root, REDIRECTS_FILE), JSON.stringify(redirects))
  writeFileSync(join(root, FORM_PAGE_FILE), JSON.stringify(MINIATURE_FORM_PAGE))
  writeHostFiles(clientDir, MINIATURE_HASHES, redirects, apiOrigin)
  return { clientDir, remove: () => rmSync(root, { recursive: true, force: true }) }
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
  /** Other headers the answer must carry (names as written here). */
  headers?: Readonly<Record<string, string>>
  /** Set where only the Node server can give this answer, saying why. */
  nodeOnly?: string
}

const PAGE = 'no-cache'
const ASSET = 'public, max-age=31536000, immutable'
const FILE = 'public, max-age=3600'
const FEED = 'public, max-age=600'
const MARKDOWN_TWIN = { 'Content-Type': 'text/markdown; charset=utf-8', 'X-Robots-Tag': 'noindex' }

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
  // Any /dashboard path shows the home screen; any /r/<code> gets the referral shell.
  { url: '/dashboard', status: 200, file: 'index.html', cacheControl: PAGE },
  { url: '/dashboard/reports/2025', status: 200, file: 'index.html', cacheControl: PAGE },
  { url: '/r/PARTNER_42?next=/blog', status: 200, file: 'r.html', cacheControl: PAGE },
  { url: '/r', status: 200, file: 'r.html', cacheControl: PAGE },
  // One URL per page: other spellings are sent, permanently, to it.
  { url: '/blog/?utm_source=x', status: 308, location: '/blog?utm_source=x' },
  { url: '/topics/topic-a/', status: 308, location: '/topics/topic-a' },
  { url: '/blog.html', status: 308, location: '/blog' },
  { url: '/index.html', status: 308, location: '/' },
  // A page's old URLs (`redirectFrom`) are sent, permanently, to it.
  { url: '/blog/old-post', status: 308, location: '/blog/post-a' },
  { url: '/old-topic', status: 308, location: '/topics/topic-a' },
  // Never an old URL: one that only starts like one.
  { url: '/blog/old-post-2', status: 404, file: '404.html' },
  // A real 404 status for anything not built.
  { url: '/no-such-page', status: 404, file: '404.html' },
  { url: '/topics/no-such-topic', status: 404, file: '404.html' },
  { url: '/blog/post-a/extra', status: 404, file: '404.html' },
  // Files.
  { url: '/assets/entries/page.abc123.js', status: 200, file: 'assets/entries/page.abc123.js', cacheControl: ASSET },
  { url: '/favicon.svg', status: 200, file: 'favicon.svg', cacheControl: FILE },
  { url: '/robots.txt', status: 200, file: 'robots.txt', cacheControl: FILE },
  { url: '/sitemap.xml', status: 200, file: 'sitemap.xml', cacheControl: FILE },
  // The blog's feeds, with their own media types and a short cache; llms.txt, a plain text file.
  { url: '/rss.xml', status: 200, file: 'rss.xml', cacheControl: FEED, headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } },
  { url: '/atom.xml', status: 200, file: 'atom.xml', cacheControl: FEED, headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } },
  { url: '/feed.json', status: 200, file: 'feed.json', cacheControl: FEED, headers: { 'Content-Type': 'application/feed+json; charset=utf-8' } },
  { url: '/llms.txt', status: 200, file: 'llms.txt', cacheControl: FILE },
  // Each article's and topic's markdown twin: revalidated like its page, kept out of search results.
  { url: '/blog/post-a.md', status: 200, file: 'blog/post-a.md', cacheControl: PAGE, headers: MARKDOWN_TWIN },
  { url: '/topics/topic-a.md', status: 200, file: 'topics/topic-a.md', cacheControl: PAGE, headers: MARKDOWN_TWIN },
  { url: '/topics/no-such-topic.md', status: 404, file: '404.html' },
  // The site search's index: Pagefind names its index files by their hash (kept like the assets); its script, its
  // WebAssembly and its entry file keep their names from build to build (an hour).
  { url: '/pagefind/pagefind.js', status: 200, file: 'pagefind/pagefind.js', cacheControl: FILE },
  { url: '/pagefind/pagefind-entry.json', status: 200, file: 'pagefind/pagefind-entry.json', cacheControl: FILE },
  { url: '/pagefind/wasm.en.pagefind', status: 200, file: 'pagefind/wasm.en.pagefind', cacheControl: FILE },
  { url: '/pagefind/pagefind.en_1a2b3c4d5e.pf_meta', status: 200, file: 'pagefind/pagefind.en_1a2b3c4d5e.pf_meta', cacheControl: ASSET },
  { url: '/pagefind/index/en_1a2b3c4.pf_index', status: 200, file: 'pagefind/index/en_1a2b3c4.pf_index', cacheControl: ASSET },
  { url: '/pagefind/fragment/en_5d6e7f8.pf_fragment', status: 200, file: 'pagefind/fragment/en_5d6e7f8.pf_fragment', cacheControl: ASSET },
  // Only the Node server can say these.
  {
    url: '/healthz',
    status: 200,
    cacheControl: 'no-store',
    nodeOnly: 'the health check reads the database, which only the Node server has (a static host answers 404, like /api)',
  },
  { url: '/404.html', status: 404, file: '404.html', nodeOnly: 'static hosts serve the 404 page file itself, at /404, with status 200' },
  {
    url: '/blog/old-post?utm_source=news',
    status: 308,
    location: '/blog/post-a?utm_source=news',
    nodeOnly: "Netlify and Vercel document that a redirect keeps the query; Cloudflare Pages' _redirects documentation does not say",
  },
  {
    url: '//evil.example/',
    status: 308,
    location: '/evil.example',
    nodeOnly: "a static host's own URL normalization handles doubled slashes, and no rule file can change it",
  },
]

/**
 * Paths with a control character once decoded (the NUL the file system refuses, a newline, DEL, a C1 control):
 * the 404 page on every runtime, where a redirect (`/%00/`, `/x%00.html`) or a shell route would answer. Their
 * escapes in capitals where the assets answer: Workers static assets send a lowercase escape to its capital with 307.
 */
export const CONTROL_CHARACTER_PATHS = ['/%00', '/blog%00', '/assets/%00', '/blog%7F', '/a%C2%85', '/%00/', '/x%00.html', '/dashboard/%00', '/r/%0a'] as const

/**
 * Every page, file and 404 answer of the miniature build carries these, on the server and on every
 * static host. Written out, not computed, so that a change to what visitors get is a change here too.
 */
export const EXPECTED_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-bWluaWF0dXJlIHNjcmlwdA=='; style-src 'self' 'sha256-bWluaWF0dXJlIHN0eWxl'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'X-DNS-Prefetch-Control': 'off',
  'X-Permitted-Cross-Domain-Policies': 'none',
}
