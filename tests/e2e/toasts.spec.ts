import { loadUiText } from '../../lib/node/ui-text.server'
import { axeViolations, expect, test, waitForHydration } from './fixtures'

const copy = loadUiText('content').toasts

// How long a dismissed toast stays in the page before it is removed: toasts.test.ts.
test('a toast tells the visitor the connection dropped, then that it is back, one at a time, and goes once dismissed', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.goto('/blog')
  await waitForHydration(page)
  const toaster = page.locator('.toaster')
  const shown = toaster.locator('.toast:not([hidden])')
  await expect(toaster).toHaveAttribute('role', 'status')

  await context.setOffline(true)
  await expect(shown).toHaveCount(1)
  await expect(shown).toContainText(copy.offline.title)
  await expect(shown).toContainText(copy.offline.text)
  expect(await axeViolations(page, '.toaster')).toEqual([])

  await context.setOffline(false)
  await expect(shown).toHaveCount(1)
  await expect(shown).toContainText(copy.online.title)
  await expect(toaster.locator('.toast')).toHaveCount(2) // the offline toast, hidden, until its removal

  await shown.getByRole('button', { name: copy.dismiss }).click()
  await expect(shown).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
