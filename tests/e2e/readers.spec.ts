import { parse } from 'node-html-parser'
import { loadUiText } from '../../lib/node/ui-text.server'
import { formatDate } from '../../lib/universal/dates'
import { expect, siteContent, test, waitForHydration } from './fixtures'

// How a reader finds the next page: the reading time and dates, the table of contents, and the pages
// each article and topic page links to at its end, on the served site.

const content = await siteContent()
const { blog, topic: topicText } = loadUiText('content')
/** The first article with an update and a table of contents (three `##` sections or more). */
const updated = content.posts.find((post) => post.updated && post.sections.length >= 3)
const topicPath = `/topics/${content.topics[0]!.slug}`
/** Skips a test when no article has an update and three sections: the unit tests still cover both. */
const needsUpdatedArticle = () => test.skip(!updated, 'the built site has no article with an update and a table of contents')

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

  test('an article shows its date, its update and its reading time under its title', async ({ page }) => {
    needsUpdatedArticle()
    const { slug, date, updated: update } = updated!
    await page.goto(`/blog/${slug}`)
    const meta = page.locator('header .article-meta')
    await expect(meta).toHaveText(
      new RegExp(`^${formatDate(date)} · ${blog.updated} ${formatDate(update!)} · ${blog.readingTime.replace('{minutes}', '\\d+')}$`),
    )
    await expect(meta.locator('time').first()).toHaveAttribute('datetime', date)
    await expect(meta.locator('time').last()).toHaveAttribute('datetime', update!)
  })

  test("the table of contents lists the article's sections and its links scroll to them", async ({ page }) => {
    needsUpdatedArticle()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/blog/${updated!.slug}`)
    const contents = page.getByRole('navigation', { name: blog.contents })
    const headings = page.locator('.prose h2')
    await expect(contents.getByRole('link')).toHaveText(await headings.allTextContents())
    const last = contents.getByRole('link').last()
    const target = headings.last()
    await expect(target).not.toBeInViewport()
    await last.click()
    await expect(page).toHaveURL(new RegExp(`#${await target.getAttribute('id')}$`))
    await expect(target).toBeInViewport()
  })

  test('an article ends with two other articles to keep reading, and a topic page with three related topics, each a page that answers', async ({ page }) => {
    for (const [path, label, count] of [
      [`/blog/${content.posts[0]!.slug}`, blog.keepReading, 2],
      [topicPath, topicText.related, 3],
    ] as const) {
      await page.goto(path)
      const links = page.getByRole('navigation', { name: label }).getByRole('link')
      await expect(links).toHaveCount(count)
      for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!))) {
        expect(href).not.toBe(path)
        expect((await page.request.get(href)).status(), href).toBe(200)
      }
    }
  })
})

test('the new parts are still there once the page is interactive, with no error', async ({ page, consoleErrors }) => {
  needsUpdatedArticle()
  await page.goto(`/blog/${updated!.slug}`)
  await waitForHydration(page)
  await expect(page.locator('header .article-meta time')).toHaveCount(2)
  await expect(page.getByRole('navigation', { name: blog.contents }).getByRole('link')).toHaveCount(updated!.sections.length)
  await expect(page.getByRole('navigation', { name: blog.keepReading }).getByRole('link')).toHaveCount(2)
  await page.goto(topicPath)
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: topicText.related }).getByRole('link')).toHaveCount(3)
  expect(consoleErrors).toEqual([])
})

test('no article or topic page is an orphan: each is linked from another of its kind', async ({ request }) => {
  const named = new Set<string>()
  const paths = [...content.posts.map((post) => `/blog/${post.slug}`), ...content.topics.map((topic) => `/topics/${topic.slug}`)]
  for (const path of paths) {
    const html = await (await request.get(path)).text()
    const links = parse(html)
      .querySelectorAll('nav.related a')
      .map((anchor) => anchor.getAttribute('href')!)
    expect(links.length, path).toBe(path.startsWith('/blog/') ? 2 : 3)
    for (const link of links) {
      expect(link.split('/')[1], `${path} links ${link}`).toBe(path.split('/')[1])
      expect(link).not.toBe(path)
      named.add(link)
    }
  }
  expect(paths.filter((path) => !named.has(path))).toEqual([])
})
