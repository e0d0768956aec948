import { defineConfig } from '@playwright/test'
import { E2E_DIST } from './tests/e2e/sites'

// The real build, served by the real server, in Debian's Chromium: tests/e2e/global-setup.ts builds it once into
// E2E_DIST (never dist/) with SITE_URL this address, so canonical URLs point here.
const PORT = 4173
export const BASE_URL = `http://127.0.0.1:${PORT}`
/** The Node server, or with E2E_RUNTIME=cloudflare the Worker in local workerd, on the same port and build. */
export const E2E_RUNTIME: 'node' | 'cloudflare' = process.env.E2E_RUNTIME === 'cloudflare' ? 'cloudflare' : 'node'
/** Emptied before the run; tests read it to see what was stored. */
export const E2E_DATABASE = 'test-results/e2e.db'
/** The Worker's local D1 and queue state, emptied before the run. */
export const E2E_WRANGLER_STATE = 'test-results/e2e-wrangler'
/** Of the fake webhooks global-setup.ts starts. */
export const WEBHOOK_PORT = 4180
const WEBHOOKS = {
  SCORE_WEBHOOK_URL: `http://127.0.0.1:${WEBHOOK_PORT}/score`,
  SCORE_WEBHOOK_KEY: 'e2e-score-key',
  AFFILIATE_WEBHOOK_URL: `http://127.0.0.1:${WEBHOOK_PORT}/affiliate`,
  AFFILIATE_WEBHOOK_KEY: 'e2e-affiliate-key',
}
/** Built with the webhooks set, as a careless deploy might (none may reach a built file); its own cache, as its cards differ. */
export const SITE_BUILD_ENV = { SITE_URL: BASE_URL, DIST_DIR: E2E_DIST, BUILD_CACHE_DIR: `${E2E_DIST}-cache`, ...WEBHOOKS }

// TRUST_PROXY: tests/e2e/fixtures.ts gives each test its own client address, as a proxy would.
export function e2eServerEnv(): Record<string, string> {
  return { PORT: String(PORT), HOST: '127.0.0.1', DIST_DIR: E2E_DIST, TRUST_PROXY: '1', DATABASE_URL: `file:${E2E_DATABASE}`, ...WEBHOOKS }
}

export function e2eWorkerEnv(): Record<string, string> {
  return { SITE_URL: BASE_URL, ...WEBHOOKS }
}

// The tests read the built files too (clientDir()): the suite's site, wherever this process or a worker runs.
process.env.DIST_DIR = E2E_DIST

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // Generous, for a loaded machine: a test that passes takes a few seconds; these only bound a hang.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
})
