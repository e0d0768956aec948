import { expect, test, waitForHydration } from './fixtures'

/** The article whose body shows content/images/trust-gaps.png. */
const ARTICLE = '/blog/ai-audit-fixes-linkedin-trust-gaps-24-hours'

test.describe('an article with an image, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('shows it loaded from its AVIF, as wide as the column, without moving anything', async ({ page, consoleErrors }) => {
    // Every layout shift of the visit, summed as Cumulative Layout Shift counts them (none after input).
    await page.addInitScript(() => {
      const state = window as unknown as { layoutShift: number }
      state.layoutShift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) state.layoutShift += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(ARTICLE)
    await waitForHydration(page)
    const image = page.locator('.prose picture img')
    await expect(image).toHaveCount(1)
    await image.scrollIntoViewIfNeeded()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

    const shown = await image.evaluate((img: HTMLImageElement) => ({
      source: img.currentSrc,
      width: img.getBoundingClientRect().width,
      height: img.getBoundingClientRect().height,
      ratio: Number(img.getAttribute('height')) / Number(img.getAttribute('width')),
      column: img.closest('.prose')!.getBoundingClientRect().width,
    }))
    expect(shown.source).toMatch(/\/assets\/images\/trust-gaps-\d+\.[0-9a-f]{10}\.avif$/)
    expect(shown.width).toBe(shown.column)
    expect(shown.height).toBeCloseTo(shown.width * shown.ratio, 0)
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0)
    expect(consoleErrors).toEqual([])
  })
})
