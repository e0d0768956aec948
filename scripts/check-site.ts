// `npm run check:site`: every check of the built site, each problem with its file and fix. Exits 1 if any fails.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs'
import { dirname, join, sep } from 'node:path'
import { clientDir, contentDir } from '../lib/node/paths.server'
import { checkUnpublished, unpublishedContent } from '../lib/checks/publication-checks'
import { PUBLICATION_RECORD, buildDate } from '../lib/node/publication.server'
import { checkedPage, readSitemapUrls, readText, type Problem } from '../lib/checks/checked-page'
import { SITE_CHECKS } from '../lib/checks/site-checks'
import { SYNDICATION_CHECKS, type SyndicationCheckInput } from '../lib/checks/syndication-checks'
import { PNG_HEAD_BYTES, checkSocialImages } from '../lib/checks/social-images'
import { loadSite } from '../lib/node/site.server'
import { SECURITY_HEADERS } from '../lib/universal/routes'
import { createApp } from '../server/app'
import { checkStaticHosts, fileCountSummary } from './static-hosts'

function readHead(file: string, bytes: number): Buffer {
  const head = Buffer.alloc(bytes)
  const fd = openSync(file, 'r')
  try {
    return head.subarray(0, readSync(fd, head, 0, bytes, 0))
  } finally {
    closeSync(fd)
  }
}

const dir = clientDir()
if (!existsSync(join(dir, 'index.html'))) {
  console.error(`check:site: ${dir} has no built site; run \`npm run build\` first`)
  process.exit(1)
}
const files = (readdirSync(dir, { recursive: true }) as string[]).filter((file) => statSync(join(dir, file)).isFile()).map((file) => file.split(sep).join('/'))
const input: SyndicationCheckInput = {
  pages: files
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => checkedPage(file, readFileSync(join(dir, file), 'utf8'))),
  siteUrl: loadSite().siteUrl,
  files: new Set(files),
  sitemapUrls: readSitemapUrls(dir),
  read: (file) => readText(dir, file),
}
console.log(`check:site: ${input.pages.length} HTML files in ${dir}, SITE_URL ${input.siteUrl}`)
let failed = 0
let number = 0
const report = (name: string, problems: Problem[], counts = '') => {
  const verdict = problems.length === 0 ? 'ok' : `${problems.length} problem${problems.length === 1 ? '' : 's'}`
  console.log(`${String(++number).padStart(2)}. ${name}: ${verdict}${counts}`)
  for (const problem of problems) console.log(`      ${problem.file}: ${problem.problem} — fix: ${problem.fix}`)
  failed += problems.length
}
for (const check of [...SITE_CHECKS, ...SYNDICATION_CHECKS]) report(check.name, check.run(input))
report(
  'social images (one og:image per indexable page, a PNG of 1200 × 630, no drawn card on two pages)',
  checkSocialImages(input, (file) => readHead(join(dir, file), PNG_HEAD_BYTES)),
)
// What the Node server sends for this build, asked of the server itself: the static hosts must send the same.
const home = await createApp({ clientDir: dir }).request('/')
const served = Object.fromEntries([...Object.keys(SECURITY_HEADERS), 'Content-Security-Policy'].map((name) => [name, home.headers.get(name) ?? '']))
report(
  "static hosts (Netlify, Cloudflare Pages, Vercel, Cloudflare Workers) serve every page and file like the server, from the build's _redirects, _headers and vercel.json and the Worker's rules (wrangler.jsonc), within their file limits",
  await checkStaticHosts(dir, input.files, served),
  ` (${fileCountSummary(input.files)})`,
)
const record = readText(dirname(dir), PUBLICATION_RECORD)
const today = record ? (JSON.parse(record) as { buildDate: string }).buildDate : buildDate()
const unpublished = unpublishedContent(contentDir(), today, loadSite().productName)
const html = new Map(input.pages.map((page) => [page.file, page.html]))
report(
  `no draft or scheduled entry (${unpublished.length} for ${today}) on any page or file`,
  checkUnpublished(unpublished, input.files, (file) => html.get(file) ?? readFileSync(join(dir, file), 'utf8')),
)
if (failed > 0) {
  console.error(`check:site: ${failed} problem${failed === 1 ? '' : 's'}`)
  process.exit(1)
}
