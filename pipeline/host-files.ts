// The static hosts' rule files, from the route table (lib/universal/routes.ts) with this build's CSP.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  API_PREFIX,
  ASSETS_PREFIX,
  CACHE_CONTROL,
  CSP_HASHES_FILE,
  HOST_RULE_FILES,
  NOT_FOUND_FILE,
  SHELL_ROUTES,
  REDIRECT_STATUS,
  SEARCH_PREFIX,
  isHashedSearchFile,
  pathOfHtmlFile,
  responseHeaders,
  type CspHashes,
  type HostRuleFile,
  type Redirect,
} from '../lib/universal/routes'
import { alternateFileHeaders } from '../lib/universal/alternate-headers'
import { FEEDS, TWIN_FOLDERS } from '../lib/universal/alternates'
import { filesUnder } from './cache'

const GENERATED = '# Written by `npm run build` from lib/universal/routes.ts, the rules the Node server follows: edit\n# those, not this file.'

/** Levels of placeholders under a shell in `_headers`: Netlify's `/x/*` also matches `/x`, whose own rule would then double the header. */
const SHELL_HEADER_DEPTH = 3

/** The rule files for a client folder holding `files`; with `apiOrigin`, Netlify and Vercel proxy `/api/*` there. */
export function hostFiles(files: readonly string[], hashes: CspHashes, redirects: readonly Redirect[] = [], apiOrigin?: string): Record<HostRuleFile, string> {
  const served = files.filter((file) => !(HOST_RULE_FILES as readonly string[]).includes(file)).sort()
  return {
    _redirects: redirectsFile(redirects, apiOrigin),
    _headers: headersFile(served, hashes),
    'vercel.json': vercelJson(hashes, redirects, apiOrigin),
    '.assetsignore': assetsIgnoreFile(),
  }
}

/** What Workers static assets must not serve (Cloudflare compresses by itself); the other rule files they never serve. */
export const ASSETS_IGNORE = ['vercel.json', CSP_HASHES_FILE, '*.gz', '*.br']

const assetsIgnoreFile = () =>
  `# Written by \`npm run build\` (pipeline/host-files.ts): files Workers static assets do not serve.\n${ASSETS_IGNORE.join('\n')}\n`

export function writeHostFiles(
  clientDir: string,
  hashes: CspHashes,
  redirects: readonly Redirect[] = [],
  apiOrigin?: string,
  files: readonly string[] = filesUnder(clientDir),
): void {
  for (const [name, text] of Object.entries(hostFiles(files, hashes, redirects, apiOrigin))) writeFileSync(join(clientDir, name), text)
}

/** The URL a shell's page is served at: `index.html` → `/`, `r.html` → `/r`. */
const pageUrl = (file: string) => pathOfHtmlFile(file) ?? '/'

function redirectsFile(redirects: readonly Redirect[], apiOrigin: string | undefined): string {
  const rule = (from: string, to: string) => `${from.padEnd(16)}${to.padEnd(6)}200`
  const lines = [
    '# Routes for Netlify and Cloudflare Pages.',
    GENERATED,
    '#',
    '# Every page is one file (blog.html, topics/<slug>.html) that the host serves at its clean URL',
    `# (/blog); ${NOT_FOUND_FILE} answers anything not built, with status 404. Nothing here for those.`,
  ]
  if (redirects.length > 0) {
    // First: Cloudflare Pages counts every rule after the first one with a placeholder against its 100 dynamic rules.
    lines.push('', '# Old URLs of pages (`redirectFrom` in their content files), moved for good. Cloudflare Pages applies the first 2,000.')
    for (const { from, to } of redirects) lines.push(`${from} ${to} ${REDIRECT_STATUS}`)
  }
  if (apiOrigin) {
    // Before every other rule with a placeholder, so none can answer an API path. Not forced: no file is under it.
    lines.push('', `# The API runs at ${apiOrigin} (API_ORIGIN): Netlify proxies to it, so the form posts to this origin.`)
    lines.push(`${`${API_PREFIX}/*`.padEnd(16)}${apiOrigin}${API_PREFIX}/:splat 200`)
  }
  for (const shell of SHELL_ROUTES) {
    lines.push('', `# ${shell.why}`)
    // A shell whose page is served at its own prefix (`/r` is r.html) needs no rule for the prefix itself.
    if (pageUrl(shell.file) !== shell.prefix) lines.push(rule(shell.prefix, pageUrl(shell.file)))
    lines.push(rule(`${shell.prefix}/*`, pageUrl(shell.file)))
  }
  if (!apiOrigin)
    lines.push(
      '',
      `# The API (${API_PREFIX}/*) needs the Node server. With the pages on a static host, run \`npm run serve\``,
      '# elsewhere and build with API_ORIGIN set to its origin (`npm run build:static-host`), which writes',
      '# this rule before the app shells:',
      `# ${`${API_PREFIX}/*`.padEnd(14)}https://api.example.com${API_PREFIX}/:splat    200`,
    )
  return `${lines.join('\n')}\n`
}

/**
 * Hosts join the values of two rules that match one path, so each Cache-Control class gets rules that cannot
 * overlap; a folder of pages and no other file is one `/<folder>/:slug` rule (Cloudflare Pages reads 100 rules).
 */
function headersFile(files: readonly string[], hashes: CspHashes): string {
  const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'))
  const topFolderOf = (path: string) => path.split('/').slice(0, 2).join('/')
  const paths = files.map((file) => `/${file}`)
  const pages = files.filter((file) => file.endsWith('.html') && file !== NOT_FOUND_FILE).map(pageUrl)
  // The feeds and twins have rules of their own (alternateRules). Sets: there are as many twins as topics.
  const alternates = paths.filter((path) => alternateFileHeaders(path) !== undefined)
  const alternateSet = new Set(alternates)
  // The search index's hashed files are kept like the assets: its folders of them as one rule each, the rest by name.
  const searchHashed = new Set(paths.filter((path) => isHashedSearchFile(path)))
  const searchHashedPatterns = new Set([...searchHashed].map((path) => (folderOf(path).length >= SEARCH_PREFIX.length ? `${folderOf(path)}/*` : path)))
  const others = paths.filter((path) => !path.endsWith('.html') && !path.startsWith(ASSETS_PREFIX) && !alternateSet.has(path) && !searchHashed.has(path))
  const shellPrefixes = SHELL_ROUTES.map((shell) => shell.prefix)

  const pageFolders = new Set([...pages.map(topFolderOf), ...shellPrefixes.map(topFolderOf)])
  // The search's folder holds hashed files too: its other files are ruled by name, so that no two rules match one file.
  const filePatterns = new Set(
    others.map((path) => (folderOf(path) !== '' && !pageFolders.has(topFolderOf(path)) && !path.startsWith(SEARCH_PREFIX) ? `${topFolderOf(path)}/*` : path)),
  )

  const fileFolders = new Set(others.map(folderOf))
  const pagesIn = new Map<string, string[]>()
  for (const page of pages) {
    const folder = folderOf(page)
    if (!pagesIn.has(folder)) pagesIn.set(folder, [])
    pagesIn.get(folder)!.push(page)
  }
  const pagePatterns = new Set<string>()
  for (const [folder, paths] of pagesIn) {
    if (folder !== '' && paths.length > 1 && !fileFolders.has(folder)) pagePatterns.add(`${folder}/:slug`)
    else for (const path of paths) pagePatterns.add(path)
  }
  // A twin is revalidated like its page: `/<folder>/:slug` covers it, else it gets a rule of its own.
  for (const path of alternates)
    if (TWIN_FOLDERS.some((folder) => path.startsWith(`${folder}/`)) && !pagePatterns.has(`${folderOf(path)}/:slug`)) pagePatterns.add(path)
  for (const prefix of shellPrefixes) {
    pagePatterns.add(prefix)
    for (let depth = 1; depth <= SHELL_HEADER_DEPTH; depth++)
      pagePatterns.add(`${prefix}${Array.from({ length: depth }, (_, index) => `/:p${index + 1}`).join('')}`)
  }

  const block = (path: string, values: Record<string, string>) => [path, ...Object.entries(values).map(([name, value]) => `  ${name}: ${value}`)].join('\n')
  const cacheBlocks = (paths: Iterable<string>, cacheControl: string) => [...paths].sort().map((path) => block(path, { 'Cache-Control': cacheControl }))
  return `${[
    '# Response headers for Netlify and Cloudflare Pages.',
    GENERATED,
    '# No header is set by two blocks that can match one path: hosts join such values.',
    '',
    block('/*', responseHeaders(hashes)),
    '',
    '# Hashed build output and search index files: cached for a year, never revalidated.',
    block(`${ASSETS_PREFIX}*`, { 'Cache-Control': CACHE_CONTROL.asset }),
    ...cacheBlocks(searchHashedPatterns, CACHE_CONTROL.asset),
    '',
    '# Other files: an hour.',
    ...cacheBlocks(filePatterns, CACHE_CONTROL.file),
    '',
    '# Pages, their markdown twins and app shells: always revalidated, so a new release shows at once.',
    ...cacheBlocks(pagePatterns, CACHE_CONTROL.page),
    ...alternateRules(alternates, block),
  ].join('\n')}\n`
}

/** The feeds' rules, each by name, and one `/<folder>/*.md` rule per folder of twins (their Cache-Control is the pages'). */
function alternateRules(paths: readonly string[], block: (path: string, values: Record<string, string>) => string): string[] {
  const feeds = FEEDS.filter((feed) => paths.includes(feed.path)).map((feed) => block(feed.path, alternateFileHeaders(feed.path)!))
  const twins = TWIN_FOLDERS.filter((folder) => paths.some((path) => path.startsWith(`${folder}/`))).map((folder) => {
    const { 'Cache-Control': _, ...headers } = alternateFileHeaders(`${folder}/x.md`)!
    return block(`${folder}/*.md`, headers)
  })
  return [
    ...(feeds.length > 0 ? ['', "# The blog's feeds: their media types, and a short cache.", ...feeds] : []),
    ...(twins.length > 0 ? ['', '# Markdown twins of the pages: their media type, and kept out of search results.', ...twins] : []),
  ]
}

/** Vercel matches regular expressions, so no list of files: with `cleanUrls` a page's URL has no dot in its last segment, a file's has. */
function vercelJson(hashes: CspHashes, redirects: readonly Redirect[], apiOrigin: string | undefined): string {
  // The file and page rules leave out what has rules of its own.
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const twinFolders = TWIN_FOLDERS.map((folder) => escape(folder.slice(1))).join('|')
  const search = escape(SEARCH_PREFIX.slice(1))
  const searchHashed = `${search}(?:(?:index|fragment|filter)/[^/]+|pagefind\\.[^/]+\\.pf_meta)$`
  const notRuledApart = `(?!${[ASSETS_PREFIX.slice(1), searchHashed, ...FEEDS.map((feed) => `${escape(feed.path.slice(1))}$`), `(?:${twinFolders})/[^/]+\\.md$`].join('|')})`
  const config = {
    cleanUrls: true,
    trailingSlash: false,
    ...(redirects.length > 0 && { redirects: redirects.map(({ from, to }) => ({ source: from, destination: to, statusCode: REDIRECT_STATUS })) }),
    // The API first: Vercel proxies it to API_ORIGIN, so the form posts to this origin.
    rewrites: [
      ...(apiOrigin ? [{ source: `${API_PREFIX}/:path*`, destination: `${apiOrigin}${API_PREFIX}/:path*` }] : []),
      ...SHELL_ROUTES.map((shell) => ({ source: `${shell.prefix}/:path*`, destination: pageUrl(shell.file) })),
    ],
    headers: [
      { source: '/(.*)', headers: headerList(responseHeaders(hashes)) },
      { source: `${ASSETS_PREFIX}(.*)`, headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.asset }] },
      { source: `/(${searchHashed})`, headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.asset }] },
      { source: `/(${notRuledApart}(?:.*/)?[^/]*\\.[^/]*)`, headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.file }] },
      { source: `/(${notRuledApart}(?:.*/)?[^./]*)`, headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.page }] },
      ...FEEDS.map((feed) => ({ source: feed.path, headers: headerList(alternateFileHeaders(feed.path)!) })),
      { source: `/(${twinFolders})/([^/]+\\.md)`, headers: headerList(alternateFileHeaders(`${TWIN_FOLDERS[0]}/x.md`)!) },
    ],
  }
  // One line per object of plain values ({ "key": …, "value": … }), as a person would write it.
  return `${JSON.stringify(config, null, 2).replace(/\{\n\s*([^{}[\]]*?)\n\s*\}/g, (_, members: string) => `{ ${members.split(/,\n\s*/).join(', ')} }`)}\n`
}

const headerList = (values: Readonly<Record<string, string>>) => Object.entries(values).map(([key, value]) => ({ key, value }))
