import { expect, siteContent, test, waitForHydration } from './fixtures'

/** The first article whose text shows an image (none: the test is skipped, the unit tests still cover images). */
const post = (await siteContent()).posts.find((item) => item.html.includes('<picture>'))

test.describe('an article with an image, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('shows it loaded from its AVIF, as wide as the column, without moving anything', async ({ page, consoleErrors }) => {
    test.skip(!post, 'the built site has no article with an image in its text')
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
    await page.goto(`/blog/${post!.slug}`)
    await waitForHydration(page)
    const image = page.locator('.prose picture img').first()
    await expect(image).toBeAttached()
    await image.scrollIntoViewIfNeeded()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

    const shown = await image.evaluate((img: HTMLImageElement) => ({
      source: img.currentSrc,
      width: img.getBoundingClientRect().width,
      height: img.getBoundingClientRect().height,
      ratio: Number(img.getAttribute('height')) / Number(img.getAttribute('width')),
      column: img.closest('.prose')!.getBoundingClientRect().width,
    }))
    expect(shown.source).toMatch(/\/assets\/images\/[a-z0-9-]+-\d+\.[0-9a-f]{10}\.avif$/)
    expect(shown.width).toBe(shown.column)
    expect(shown.height).toBeCloseTo(shown.width * shown.ratio, 0)
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0)
    expect(consoleErrors).toEqual([])
  })
})
