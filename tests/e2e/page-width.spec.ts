import { readdirSync } from 'node:fs'
import { sep } from 'node:path'
import { clientDir } from '../../lib/node/paths.server'
import { pathOfHtmlFile, SHELL_ROUTES } from '../../lib/universal/routes'
import { expect, test, waitForHydration } from './fixtures'

// Every page of the build, on a phone: a long word, table or line of code must never make the page
// wider than the screen, so that the reader scrolls down only.
const PHONE_WIDTH = 390

/**
 * A URL of each page the build wrote, from its HTML files as the server maps them: the 404 page at a
 * path no page has, a shell (the referral page) under its prefix, as a visitor reaches it (`/r` alone sends them home).
 */
function builtPagePaths(): string[] {
  return (readdirSync(clientDir(), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const path = pathOfHtmlFile(file.split(sep).join('/'))
      if (path === null) return '/no-page-has-this-path'
      return SHELL_ROUTES.some((shell) => shell.prefix === path) ? `${path}/E2E` : path
    })
    .sort()
}

test.use({ viewport: { width: PHONE_WIDTH, height: 844 } })

for (const path of builtPagePaths()) {
  test(`${path} does not scroll sideways at ${PHONE_WIDTH} px`, async ({ page }) => {
    // The referral shell leaves once its click is answered: hold the answer to measure the shell.
    await page.route('**/api/**', () => {})
    await page.goto(path)
    await waitForHydration(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH)
  })
}
