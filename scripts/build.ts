// `npm run build`: 1. validate the content; 2. `vike build` prerenders every route; 3. sitemap,
// robots.txt and precompression; 4. a summary: pages per kind, total size, time.
import { spawnSync } from 'node:child_process'
import { ContentError, readContent } from '../lib/content/load'
import { clientDir, contentDir } from '../lib/paths'
import { loadSite } from '../lib/site'
import { pageKind, postbuild } from './postbuild'

const started = performance.now()
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1)

// 1. Content
try {
  const content = await readContent(contentDir())
  console.log(`build: content ok: ${content.posts.length} articles, ${content.topics.length} topics, ${Object.keys(content.pages).length} pages (${contentDir()}/)`)
} catch (error) {
  console.error(error instanceof ContentError ? error.message : error)
  process.exit(1)
}

// 2. Prerender
const prerenderStarted = performance.now()
const vike = spawnSync(process.execPath, ['node_modules/vike/bin.js', 'build'], { stdio: process.env.BUILD_QUIET ? ['ignore', 'ignore', 'inherit'] : 'inherit' })
if (vike.status !== 0) {
  console.error(`build: vike build failed (exit ${vike.status ?? vike.signal})`)
  process.exit(1)
}
const prerenderSeconds = seconds(prerenderStarted)

// 3. Sitemap, robots.txt, precompression
const report = await postbuild(clientDir(), loadSite())

// 4. Summary
const kinds = new Map<string, number>()
for (const page of report.pages) kinds.set(pageKind(page), (kinds.get(pageKind(page)) ?? 0) + 1)
console.log(`build: ${report.pages.length} pages: ${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}`)
console.log(`build: sitemap ${report.sitemapFiles.join(' + ')} with ${report.sitemapUrls} URLs; ${report.compressedFiles} files precompressed`)
console.log(`build: ${(report.totalBytes / 1024 / 1024).toFixed(1)} MiB in ${clientDir()}; ${seconds(started)} s (prerender ${prerenderSeconds} s)`)
