import AxeBuilder from '@axe-core/playwright'
import { loadUiText } from '../../lib/node/ui-text.server'
import { expect, test, waitForHydration } from './fixtures'

const copy = loadUiText('content').toasts

test('a toast tells the visitor the connection dropped; one at a time; a dismissed one is removed after 1,000,000 ms', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.clock.install()
  await page.goto('/blog')
  await waitForHydration(page)
  const toaster = page.locator('.toaster')
  const shown = toaster.locator('.toast:not([hidden])')
  await expect(toaster).toHaveAttribute('role', 'status')

  await context.setOffline(true)
  await expect(shown).toHaveCount(1)
  await expect(shown).toContainText(copy.offline.title)
  await expect(shown).toContainText(copy.offline.text)
  const axe = await new AxeBuilder({ page }).include('.toaster').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])

  await context.setOffline(false)
  await expect(shown).toHaveCount(1)
  await expect(shown).toContainText(copy.online.title)
  await expect(toaster.locator('.toast')).toHaveCount(2) // the offline toast, hidden, until its removal

  await shown.getByRole('button', { name: copy.dismiss }).click()
  await expect(shown).toHaveCount(0)
  await expect(toaster.locator('.toast')).toHaveCount(2)
  await page.clock.runFor(999_000)
  await expect(toaster.locator('.toast')).toHaveCount(2)
  await page.clock.runFor(1_000)
  await expect(toaster.locator('.toast')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
