import type { Page } from '@playwright/test'
import { avatarColour, initialsOf } from '../../lib/universal/avatar'
import { expect, siteContent, test, waitForHydration } from './fixtures'
import { WIDTHS } from './templates'

// What a visitor sees of the product before buying: the sample score, the sample report, the
// customers' cards, the calls to buy, and prices that never start a line alone.
const content = await siteContent()
const { sampleScore, reportPreview } = content.pages.home

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the home page shows a sample score, labelled as a sample, in its first screen or the next', async ({ page }) => {
      await page.goto('/')
      await waitForHydration(page)
      const sample = page.locator('.hero').getByRole('figure', { name: new RegExp(`${sampleScore.badge}.*${sampleScore.heading}`) })
      // Its score and figures: report-preview.test.tsx (the sample score).
      await expect(sample).toBeVisible()
      await expect(sample).toContainText(sampleScore.note)
      expect((await sample.boundingBox())!.y).toBeLessThan(2 * 900)
    })

    test('the audit section shows three pages of a sample report, drawn whole on the first paint', async ({ page }) => {
      await page.goto('/')
      const preview = page.locator('#audit').getByRole('figure', { name: reportPreview.caption })
      await preview.scrollIntoViewIfNeeded()
      await expect(preview).toBeVisible()
      const pages = preview.getByRole('img')
      // Each named by its text, in reading order: report-preview.test.tsx.
      await expect(pages).toHaveCount(3)
      // Drawn whole on the first paint: each page has its height before any script runs.
      for (const index of [0, 1, 2]) expect((await pages.nth(index).boundingBox())!.height).toBeGreaterThan(200)
    })

    test('each testimonial is a card: the quote, an initials avatar, name, role and niche', async ({ page }) => {
      await page.goto('/testimonials')
      const cards = page.locator('.testimonial')
      await expect(cards).toHaveCount(content.pages.testimonials.testimonials.length)
      for (const [index, testimonial] of content.pages.testimonials.testimonials.entries()) {
        const card = cards.nth(index)
        await expect(card.locator('blockquote')).toHaveText(testimonial.quote)
        await expect(card.locator('figcaption')).toContainText([testimonial.name, testimonial.role, testimonial.niche].join(' '))
        const avatar = card.locator('svg.avatar')
        await expect(avatar).toHaveText(initialsOf(testimonial.name))
        await expect(avatar.locator('circle')).toHaveAttribute('fill', avatarColour(testimonial.name))
        const box = (await avatar.boundingBox())!
        expect([Math.round(box.width), Math.round(box.height)]).toEqual([48, 48])
      }
      // Each card follows the section its kind names.
      await expect(page.locator('h2:has-text("free Authority Score") + .testimonials .testimonial')).toHaveCount(3)
    })

    test('the confirmation page offers the audit as the primary button, to the checkout', async ({ page }) => {
      await page.goto('/score/confirmation')
      const upsell = page.getByRole('link', { name: /Get the Full Authority Audit/ })
      await expect(upsell).toHaveAttribute('href', content.site.checkoutUrl)
      await expect(upsell).toHaveClass('button')
      await expect(upsell).toHaveCSS('background-color', 'rgb(11, 61, 145)')
      await expect(upsell).toHaveCSS('color', 'rgb(255, 255, 255)')
      expect((await upsell.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    })
  })
}

/**
 * Every price on the page that shares a text node with the word before it, and whether the two are
 * drawn on one line: the rectangles of a range over "word $97" (or "word — $97") all have one top.
 */
function pricesOnOneLine(page: Page) {
  return page.evaluate(() => {
    const found: Array<{ text: string; lines: number }> = []
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+[\s\u00a0]+(?:[—–][\s\u00a0]+)?\$\d+/g)) {
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0)
        if (rects.length === 0) continue
        found.push({ text: match[0], lines: new Set(rects.map((rect) => Math.round(rect.top))).size })
      }
    }
    return found
  })
}

test.describe('prices at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  // An article, and a topic that shows the upgrade button: both name the price. On /, the dark band's checkout
  // button ("Get the Full Authority Audit — $97") among them.
  const topic = content.topics.find((item) => item.showUpgradeCTA !== false)!
  for (const path of ['/', '/testimonials', '/score/confirmation', `/topics/${topic.slug}`, `/blog/${content.posts[0]!.slug}`]) {
    test(`"$97" never starts a line apart from the word before it on ${path}`, async ({ page }) => {
      await page.goto(path)
      await waitForHydration(page)
      // Every answer of the home FAQ open, so its prices are laid out too.
      await page.locator('details').evaluateAll((items) => items.forEach((item) => item.setAttribute('open', '')))
      const prices = await pricesOnOneLine(page)
      expect(prices.length, 'prices found').toBeGreaterThan(0)
      expect(prices.filter((price) => price.lines > 1)).toEqual([])
    })
  }
})
