import { BASE_URL } from '../../playwright.config'
import { expect, test } from './fixtures'

test('/blog/ and /blog reach the same page, at the canonical /blog', async ({ page }) => {
  const response = await page.goto('/blog/')
  expect(response?.status()).toBe(200)
  expect(page.url()).toBe(`${BASE_URL}/blog`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}/blog`)
})

test('the confirmation page keeps its query string and is not indexed', async ({ page }) => {
  await page.goto('/score/confirmation?x=1&utm_source=news')
  expect(new URL(page.url()).search).toBe('?x=1&utm_source=news')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
})

test('a /dashboard path shows the home page with the home canonical', async ({ page }) => {
  const response = await page.goto('/dashboard/settings')
  expect(response?.status()).toBe(200)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}/`)
  await expect(page.locator('#free-score')).toBeVisible()
})
