import { readFileSync } from 'node:fs'
import { parseBudgets, sampleTemplates } from '../../lib/checks/lighthouse-budgets'
import { axeViolations, expect, siteContent, test, waitForHydration, WIDTHS } from './fixtures'

const content = await siteContent()
/** The articles whose page shows a content image: a cover, or an image in the text. */
const withImage = new Set(content.posts.filter((post) => post.coverImage || post.html.includes('/assets/images/')).map((post) => `/blog/${post.slug}`))
/**
 * One URL of every page template: the same list the Lighthouse budgets are checked on, an article or
 * topic template measured on the page `npm run check:lighthouse` picks from the same content.
 */
const TEMPLATES = sampleTemplates(parseBudgets(JSON.parse(readFileSync('lighthouse.budgets.json', 'utf8'))).templates, {
  paths: [...content.posts.map((post) => `/blog/${post.slug}`), ...content.topics.map((topic) => `/topics/${topic.slug}`)],
  showsImage: (path) => withImage.has(path),
}).measured

// Reduced motion shows every section at once, so the scan sees the page's final colours.
test.use({ reducedMotion: 'reduce' })

for (const width of WIDTHS) {
  for (const template of TEMPLATES) {
    test(`${template.name} (${template.path}) at ${width} px: no axe violation, console error or sideways scroll`, async ({ page, consoleErrors }) => {
      await page.setViewportSize({ width, height: 900 })
      // The referral shell leaves once its click is answered: hold the answer to scan the shell.
      if (template.holdApi) await page.route('**/api/**', () => {})
      const response = await page.goto(template.path)
      await waitForHydration(page)
      // Nothing is hidden for the scroll reveal: the scan sees every section.
      await expect(page.locator('.reveal-pending')).toHaveCount(0)
      expect(await axeViolations(page)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      // The browser logs the not-found page's own 404 as a console error.
      if (response?.status() !== 404) expect(consoleErrors).toEqual([])
    })
  }
}
