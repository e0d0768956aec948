import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeTestContent } from '../fixtures/test-content'
import { expect, test } from './fixtures'

// Drafts, schedules and old URLs on a site built from the test content (tests/fixtures/content, so
// the articles and topics named here are the fixture's, never a writer's) with a draft article, an
// article and a topic dated after the build's day (BUILD_DATE) and old URLs on an article and a topic,
// checked by check:site and served by the real server process on a port of its own. The suite's own
// site (port 4173) is built from content/ as it is.
const ROOT = '.tmp-e2e-publication'
const BUILD_DATE = '2027-01-04'
const env = {
  ...process.env,
  CONTENT_DIR: join(ROOT, 'content'),
  DIST_DIR: join(ROOT, 'dist'),
  BUILD_CACHE_DIR: join(ROOT, 'cache'),
  BUILD_DATE,
  BUILD_QUIET: '1',
}
const OLD_ARTICLE_URL = '/blog/old-profiles-post'
const ARTICLE = '/blog/why-most-linkedin-profiles-fail'
const OLD_TOPIC_URL = '/topics/old-proof-signals'
const TOPIC = '/topics/linkedin-proof-signals'
const LEFT_OUT = ['/blog/draft-post', '/blog/future-post', '/topics/future-topic']

// The build and check:site run once, in beforeAll, which takes the tests' timeout: about 20 s, or a minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 })

let server: ChildProcess | undefined
let origin = ''
let checkSite = ''

/** An article by the test content's author. */
const article = (title: string, extra: string) =>
  `---\ntitle: ${title}\ndescription: About ${title}.\ndate: 2025-09-12\nauthor: nadia-brennan\n${extra}\n---\nThe text of ${title}.\n`

/** A topic, a copy of the fixture's under another title (its own file, so its own page). */
function topic(title: string, extra: string): string {
  const text = readFileSync(join(ROOT, 'content', `${TOPIC}.md`), 'utf8')
  return text.replace(/^title: .*$/m, `title: ${title}\n${extra}`).replace(/^metaTitle: .*$/m, `metaTitle: ${title}`)
}

/** Adds a frontmatter line to a copied content file. */
function addLine(file: string, line: string) {
  const path = join(ROOT, 'content', file)
  writeFileSync(path, readFileSync(path, 'utf8').replace(/^---\n/, `---\n${line}\n`))
}

test.beforeAll(async () => {
  rmSync(ROOT, { recursive: true, force: true })
  writeTestContent(join(ROOT, 'content'))
  writeFileSync(join(ROOT, 'content/blog/draft-post.md'), article('A draft article', 'draft: true'))
  writeFileSync(join(ROOT, 'content/blog/future-post.md'), article('A future article', 'date: 2027-01-05').replace('date: 2025-09-12\n', ''))
  writeFileSync(join(ROOT, 'content/topics/future-topic.md'), topic('A future topic', 'date: 2027-01-05'))
  addLine('blog/why-most-linkedin-profiles-fail.md', `redirectFrom: [${OLD_ARTICLE_URL}]`)
  addLine('topics/linkedin-proof-signals.md', `redirectFrom: [${OLD_TOPIC_URL}]`)
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  checkSite = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-site.ts'], { env, encoding: 'utf8' })

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `file:${join(ROOT, 'site.db')}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server = child
  origin = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (listening) resolve(listening)
    })
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)))
  })
})

test.afterAll(() => {
  server?.kill()
  rmSync(ROOT, { recursive: true, force: true })
})

test('check:site finds no draft or scheduled entry on the built site, and the hosts answer its old URLs like the server', () => {
  expect(checkSite).toContain(`no draft or scheduled entry (3 for ${BUILD_DATE}) on any page or file: ok`)
  expect(checkSite).toMatch(/static hosts .*: ok/)
})

test('an old URL answers 308 with its page from the real server, and a browser lands on the page, query kept', async ({ page, request }) => {
  for (const [old, now] of [
    [OLD_ARTICLE_URL, ARTICLE],
    [OLD_TOPIC_URL, TOPIC],
  ] as const) {
    const response = await request.get(`${origin}${old}`, { maxRedirects: 0 })
    expect(response.status(), old).toBe(308)
    expect(response.headers().location, old).toBe(now)
  }
  const response = await page.goto(`${origin}${OLD_ARTICLE_URL}?utm_source=e2e`)
  expect(response?.status()).toBe(200)
  expect(page.url()).toBe(`${origin}${ARTICLE}?utm_source=e2e`)
  await expect(page.locator('h1')).toHaveText('Why Most LinkedIn Profiles Fail (and What Works Instead)')
})

test('a draft article, a future article and a future topic answer 404, and no list, sitemap or old URL leads to them', async ({ page, request }) => {
  for (const path of LEFT_OUT) {
    const response = await page.goto(`${origin}${path}`)
    expect(response?.status(), path).toBe(404)
    await expect(page.locator('h1')).toHaveText('Oops! Page not found')
  }
  for (const listing of ['/', '/blog', '/topics']) {
    await page.goto(`${origin}${listing}`)
    for (const path of LEFT_OUT) await expect(page.locator(`a[href="${path}"]`), `${listing} → ${path}`).toHaveCount(0)
  }
  await expect(page.getByText('A future topic')).toHaveCount(0)
  const sitemap = await (await request.get(`${origin}/sitemap.xml`)).text()
  expect(sitemap).toContain(`${ARTICLE}</loc>`)
  for (const path of [...LEFT_OUT, OLD_ARTICLE_URL, OLD_TOPIC_URL]) expect(sitemap, path).not.toContain(`${path}</loc>`)
})
