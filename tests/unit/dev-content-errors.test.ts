import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { articleMarkdown, topicMarkdown } from './content-fixture'
import { devServerOnContentCopy } from './dev-server'

// `npm run dev` (vike dev) on a copy of the content: a writer breaks a file, looks at the page in the
// browser, fixes the file, looks again, without restarting anything.
const dev = devServerOnContentCopy('dev-content-')
const { page, edit } = dev

describe('content errors in npm run dev', () => {
  it('shows a bad file’s problems on its own page, with file, line and what to do; other pages keep working; fixing it recovers', async () => {
    const topic = 'topics/ai-linkedin-audit.md'
    const original = readFileSync(join(dev.dir, topic), 'utf8')
    await edit(topic, (text) => text.replace(/^title: .*$/m, 'title: "Unclosed'), '/topics/ai-linkedin-audit', 500)

    const broken = await page('/topics/ai-linkedin-audit')
    expect(broken.html).toContain(`${join(dev.dir, topic)}:2:8`)
    expect(broken.html).toContain('the quote (&quot;) that opens this value is never closed; add one where the value ends')
    // The page reloads itself when the file changes: it carries Vite's client.
    expect(broken.html).toContain('/@vite/client')
    for (const path of ['/', '/topics', '/topics/linkedin-proof-signals', '/blog']) expect((await page(path)).status, path).toBe(200)

    await edit(topic, () => original, '/topics/ai-linkedin-audit', 200)
    expect((await page('/topics/ai-linkedin-audit')).html).toContain('<h1')
  })

  it('shows an impossible article date on the article’s page, and the blog still lists the others', async () => {
    const article = 'blog/why-most-linkedin-profiles-fail.md'
    const original = readFileSync(join(dev.dir, article), 'utf8')
    await edit(article, (text) => text.replace(/^date: .*$/m, 'date: 2025-02-30'), '/blog/why-most-linkedin-profiles-fail', 500)
    expect((await page('/blog/why-most-linkedin-profiles-fail')).html).toContain('date: 2025-02-30 is not a real date; write YYYY-MM-DD')
    const blog = await page('/blog')
    expect(blog.status).toBe(200)
    expect(blog.html).toContain('/blog/linkedin-audit-vs-linkedin-optimization')
    expect((await page('/')).status).toBe(200)
    await edit(article, () => original, '/blog/why-most-linkedin-profiles-fail', 200)
  })

  it('answers every page with layout.json’s problems while it is bad, since every page needs it', async () => {
    const original = readFileSync(join(dev.dir, 'layout.json'), 'utf8')
    await edit('layout.json', (text) => text.replace('"error": {', '"error": { "unknownField": 1,'), '/', 500)
    // A watcher may see the file half written first; the page shows the problems of the file as saved.
    await expect.poll(async () => (await page('/')).html, { timeout: 10_000, interval: 250 }).toContain('unknownField')
    for (const path of ['/', '/topics/linkedin-proof-signals']) {
      const { html } = await page(path)
      expect(html).toContain(join(dev.dir, 'layout.json'))
      expect(html).toContain('unknownField')
    }
    await edit('layout.json', () => original, '/', 200)
    expect((await page('/topics/linkedin-proof-signals')).status).toBe(200)
  })
}, 60_000)

describe('drafts and scheduled entries in npm run dev', () => {
  it('are shown, each marked as such, and listed, for the writer to read before they are published', async () => {
    writeFileSync(join(dev.dir, 'blog/draft-in-dev.md'), articleMarkdown({ title: 'title: A draft in dev', draft: 'draft: true' }))
    writeFileSync(join(dev.dir, 'topics/later-in-dev.md'), topicMarkdown({ title: 'title: A topic for later', date: 'date: 2099-01-05' }))
    await expect.poll(async () => (await page('/blog/draft-in-dev')).status, { timeout: 10_000, interval: 250 }).toBe(200)
    expect((await page('/blog/draft-in-dev')).html).toContain('<strong>Draft.</strong> Shown by <code>npm run dev</code> only')
    await expect.poll(async () => (await page('/topics/later-in-dev')).status, { timeout: 10_000, interval: 250 }).toBe(200)
    expect((await page('/topics/later-in-dev')).html).toContain('<strong>Scheduled for 2099-01-05.</strong>')
    expect((await page('/blog')).html).toContain('/blog/draft-in-dev')
    expect((await page('/topics')).html).toContain('A topic for later')
    // A published page carries no mark.
    expect((await page('/blog/why-most-linkedin-profiles-fail')).html).not.toContain('unpublished-note')
  })
}, 60_000)
