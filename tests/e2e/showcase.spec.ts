import { avatarColour, initialsOf } from '../../lib/universal/avatar'
import { expect, siteContent, test, waitForHydration, WIDTHS } from './fixtures'

// What a visitor sees of the product before buying: the sample score, the sample report, the
// customers' cards and the calls to buy. That no price starts a line alone: routes.spec.ts.
const content = await siteContent()
const { sampleScore, reportPreview } = content.pages.home

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the home page shows a labelled sample score in its first two screens, and three pages of a sample report drawn whole on the first paint', async ({
      page,
    }) => {
      await page.goto('/')
      const preview = page.locator('#audit').getByRole('figure', { name: reportPreview.caption })
      const pages = preview.getByRole('img')
      // Each named by its text, in reading order: report-preview.test.tsx.
      await expect(pages).toHaveCount(3)
      // Drawn whole on the first paint: each page has its height before any script runs.
      for (const index of [0, 1, 2]) expect((await pages.nth(index).boundingBox())!.height).toBeGreaterThan(200)

      await waitForHydration(page)
      const sample = page.locator('.hero').getByRole('figure', { name: new RegExp(`${sampleScore.badge}.*${sampleScore.heading}`) })
      // Its score and figures: report-preview.test.tsx (the sample score).
      await expect(sample).toBeVisible()
      await expect(sample).toContainText(sampleScore.note)
      expect((await sample.boundingBox())!.y).toBeLessThan(2 * 900)
      await preview.scrollIntoViewIfNeeded()
      await expect(preview).toBeVisible()
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
