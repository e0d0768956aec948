import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readContent } from '../../lib/node/content.server'
import { writeTestContent } from '../fixtures/test-content'
import { axeViolations, expect, siteContent, test, waitForHydration } from './fixtures'

const content = await siteContent()
const post = content.posts[0]!

/**
 * Code in every language the writers' guide names, and a line far wider than a phone, rendered by
 * the site's own markdown pipeline (the real articles have no code): what a writer's code block becomes.
 */
const CODE_SAMPLE = [
  'Run `npm run build` first.',
  '```ts\nexport async function score(url: string): Promise<number> {\n  const response = await fetch(`/api/score?url=${encodeURIComponent(url)}`) // one request\n  return (await response.json()).score as number\n}\n```',
  '```bash\n#!/bin/sh\nfor f in content/blog/*.md; do grep -c "author:" "$f"; done # a comment that makes this line much wider than any phone screen is\n```',
  '```json\n{ "name": "Nadia", "score": 87, "verified": true, "tags": null }\n```',
  '```yaml\ntitle: A post # comment\ndate: 2025-09-12\nfaqs:\n  - q: Why?\n    a: "Because."\n```',
  '```html\n<!DOCTYPE html>\n<a class="button" href="/#free-score">Get my free score</a>\n```',
  '```css\n.prose pre { overflow-x: auto; color: #0f172a; } @media (max-width: 700px) { a:hover { margin: 0 } }\n```',
  '```python\n@cache\ndef score(profile: str) -> int:\n    """Scores a profile."""\n    return len(profile) * 2 if profile else 0\n```',
  '```markdown\n## A heading\n\n- **Bold**, _italic_ and a [link](../topics/x.md)\n```',
].join('\n\n')

/** CODE_SAMPLE as an article's HTML, read from the test content with it as one more article. */
async function codeSampleHtml(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  try {
    writeTestContent(dir)
    // By the test content's author (tests/fixtures/content/authors.json).
    const frontmatter = `---\ntitle: Code\ndescription: Code.\ndate: 2025-09-12\nauthor: nadia-brennan\n---\n`
    writeFileSync(join(dir, 'blog/code-sample.md'), `${frontmatter}${CODE_SAMPLE}\n`)
    return (await readContent(dir)).postsBySlug.get('code-sample')!.html
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test.describe('a code block in an article', () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' })

  test('scrolls inside its own box on a phone, can be focused to scroll it, and its highlighting passes axe', async ({ page, consoleErrors }) => {
    const html = await codeSampleHtml()
    await page.goto(`/blog/${post.slug}`)
    await waitForHydration(page)
    await page.locator('.prose').evaluate((prose, sample) => (prose.innerHTML = sample), html)

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const bash = page.locator('pre:has(code.language-bash)')
    expect(await bash.evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true)
    await bash.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => bash.evaluate((pre) => pre.scrollLeft)).toBeGreaterThan(0)
    await expect(page.locator('.prose [class^="hljs-"]').first()).toBeVisible()
    expect(await page.locator('.prose [style]').count()).toBe(0)

    expect(await axeViolations(page, '.prose')).toEqual([])
    expect(consoleErrors).toEqual([])
  })
})
