import { loadUiText } from '../../lib/node/ui-text.server'
import { axeViolations, expect, siteContent, test, waitForHydration } from './fixtures'

// The site search: the header's button opens a dialog that loads its code and Pagefind only then, finds a
// topic by its words, shows its title and excerpt, and takes the reader there; all of it by keyboard.
const content = await siteContent()
const topic = content.topics[0]!
const text = loadUiText('content').search

test.use({ reducedMotion: 'reduce' })

test('search opens by keyboard, finds a topic by its words, and follows its link', async ({ page, consoleErrors }) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  await page.goto('/blog')
  await waitForHydration(page)
  // Nothing of the search is loaded before it is opened.
  expect(requested.filter((path) => path.startsWith('/pagefind/'))).toEqual([])
  const loadedBefore = requested.length

  const button = page.getByRole('button', { name: text.open })
  for (let step = 0; step < 6 && !(await button.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: text.heading })
  await expect(dialog).toBeVisible()
  const field = dialog.getByRole('searchbox', { name: text.label })
  await expect(field).toBeFocused()
  await page.keyboard.type(topic.h1)

  // A topic's result is titled as the topic index titles it, its heading's words in its excerpt.
  const result = dialog.getByRole('link', { name: topic.title, exact: true })
  await expect(result).toBeVisible()
  await expect(dialog.getByRole('status')).toHaveText(/^\d+ results? for|^1 result for/)
  const excerpt = dialog
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: topic.title, exact: true }) })
    .getByRole('paragraph')
  await expect(excerpt.locator('mark').first()).toBeVisible()
  expect(requested.slice(loadedBefore).some((path) => path === '/pagefind/pagefind.js')).toBe(true)
  // Searched on the page's thread: no worker script to download first.
  expect(requested.filter((path) => path.includes('worker'))).toEqual([])

  expect(await axeViolations(page, 'dialog')).toEqual([])

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()

  // Open again: the query is new, the link is reached by Tab and followed by Enter.
  await page.keyboard.press('Enter')
  await expect(field).toBeFocused()
  await page.keyboard.type(topic.h1)
  await expect(result).toBeVisible()
  for (let step = 0; step < 20 && !(await result.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('Tab')
  await expect(result).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/topics/${topic.slug}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(topic.h1)
  expect(consoleErrors).toEqual([])
})

test('closed and opened again in the same moment, the search stays open', async ({ page }) => {
  await page.goto('/blog')
  await waitForHydration(page)
  await page.getByRole('button', { name: text.open }).click()
  const dialog = page.getByRole('dialog', { name: text.heading })
  await expect(dialog).toBeVisible()
  // The dialog's close event comes a task after close(): the click lands before it, as an Enter right after Escape can.
  await page.evaluate(() => {
    document.querySelector('dialog')!.close()
    document.querySelector<HTMLButtonElement>('.search-button')!.click()
  })
  await expect(dialog.getByRole('searchbox', { name: text.label })).toBeFocused()
  await page.waitForTimeout(500)
  await expect(dialog).toBeVisible()
})
