import { expect, siteContent, test, waitForHydration } from './fixtures'

// What the build rendered of a topic page (render-topic.test.tsx) is what the visitor keeps once React has hydrated it.
const topic = (await siteContent()).topics[0]!

test('the supporting copy, rendered at build time, is still on the page after hydration', async ({ page }) => {
  await page.goto(`/topics/${topic.slug}`)
  await waitForHydration(page)
  const firstParagraph = /<p>(.*?)<\/p>/.exec(topic.html)![1]!.replace(/<[^>]+>/g, '')
  await expect(page.locator('.prose p').first()).toHaveText(firstParagraph)
})
