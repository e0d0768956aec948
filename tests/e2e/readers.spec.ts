import { loadUiText } from '../../lib/node/ui-text.server'
import { expect, siteContent, test, waitForHydration } from './fixtures'

// What the build rendered around an article and a topic (readers.test.tsx, render-topic.test.tsx: the dates, the
// table of contents and its anchors, the copy, the pages linked at the end) is what the reader keeps once hydrated;
// and the byline: the author under the title, linked to their profile, with their role, and their bio after the text.
const content = await siteContent()
const { blog, topic: topicText } = loadUiText('content')
const topic = content.topics[0]!
/** The first article with an update and a table of contents (three `##` sections or more), if the built site has one. */
const updated = content.posts.find((post) => post.updated && post.sections.length >= 3)
const article = updated ?? content.posts[0]!

test('hydrated, a topic keeps its copy and related topics; an article its byline, dates, contents and related ones', async ({ page, consoleErrors }) => {
  await page.goto(`/topics/${topic.slug}`)
  await waitForHydration(page)
  await expect(page.locator('.prose p').first()).toHaveText(/<p>(.*?)<\/p>/.exec(topic.html)![1]!.replace(/<[^>]+>/g, ''))
  await expect(page.getByRole('navigation', { name: topicText.related }).getByRole('link')).toHaveCount(3)
  await page.goto(`/blog/${article.slug}`)
  await waitForHydration(page)
  const byline = page.locator('header .byline')
  await expect(byline).toHaveText(`${blog.by} ${article.author.name}, ${article.author.role}`)
  await expect(byline.getByRole('link', { name: article.author.name })).toHaveAttribute('href', article.author.url)
  if (article.author.bio) await expect(page.getByRole('complementary', { name: blog.aboutAuthor })).toContainText(article.author.bio)
  if (updated) {
    await expect(page.locator('header .article-meta time')).toHaveCount(2)
    await expect(page.getByRole('navigation', { name: blog.contents }).getByRole('link')).toHaveCount(updated.sections.length)
    await expect(page.getByRole('navigation', { name: blog.keepReading }).getByRole('link')).toHaveCount(2)
  }
  expect(consoleErrors).toEqual([])
})
