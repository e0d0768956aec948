import { loadUiText } from '../../lib/node/ui-text.server'
import { expect, siteContent, test, waitForHydration } from './fixtures'

// How a reader finds the next page in the browser: the table of contents scrolls to its section, and the
// dates, contents and related pages rendered at build time (readers.test.tsx) are still there once hydrated.

const content = await siteContent()
const { blog, topic: topicText } = loadUiText('content')
/** The first article with an update and a table of contents (three `##` sections or more). */
const updated = content.posts.find((post) => post.updated && post.sections.length >= 3)
const topicPath = `/topics/${content.topics[0]!.slug}`
/** Skips a test when no article has an update and three sections: readers.test.tsx still covers both. */
const needsUpdatedArticle = () => test.skip(!updated, 'the built site has no article with an update and a table of contents')

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

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
})

test("an article's dates, contents and related articles, and a topic's related topics, are still there once the page is interactive", async ({
  page,
  consoleErrors,
}) => {
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
