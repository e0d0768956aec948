import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TOPICS_PER_PAGE } from '../../lib/universal/content/topic-pages'
import { topicMarkdown } from './content-fixture'
import { devServerOnContentCopy } from './dev-server'

// `npm run dev` pages the topic index as the build does: a writer who adds topics past one page of the
// index sees /topics/page/2 appear without restarting anything.
const dev = devServerOnContentCopy('dev-topic-index-')
const { page } = dev

describe('the topic index in npm run dev', () => {
  it('has no /topics/page/2 while the topics fit on /topics, and has it, with its own title, once they do not', async () => {
    expect((await page('/topics')).status).toBe(200)
    expect((await page('/topics/page/2')).status).toBe(404)
    for (let n = 0; n < TOPICS_PER_PAGE; n++) writeFileSync(join(dev.dir, 'topics', `dev-paged-${n}.md`), topicMarkdown({ title: `title: Dev paged ${n}` }))
    await expect.poll(async () => (await page('/topics/page/2')).status, { timeout: 20_000, interval: 250 }).toBe(200)
    const second = await page('/topics/page/2')
    const first = await page('/topics')
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
    expect(title(second.html)).toMatch(/\b2\b/)
    expect(title(second.html)).not.toBe(title(first.html))
    expect(first.html).toContain('aria-current="page"')
    for (const path of ['/topics/page/1', '/topics/page/3']) expect((await page(path)).status, path).toBe(404)
  })
})
