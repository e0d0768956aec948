import AxeBuilder from '@axe-core/playwright'
import { expect, test, waitForHydration } from './fixtures'
import { TEMPLATES, WIDTHS } from './templates'

// Reduced motion shows every section at once, so the scan sees the page's final colours.
test.use({ reducedMotion: 'reduce' })

for (const width of WIDTHS) {
  for (const template of TEMPLATES) {
    test(`${template.name} (${template.path}) has no axe violations at ${width} px, with reduced motion nothing hidden`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      // The referral shell leaves once its click is answered: hold the answer to scan the shell.
      if (template.holdApi) await page.route('**/api/**', () => {})
      await page.goto(template.path)
      await waitForHydration(page)
      // Nothing is hidden for the scroll reveal: the scan sees every section.
      await expect(page.locator('.reveal-pending')).toHaveCount(0)
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
}
