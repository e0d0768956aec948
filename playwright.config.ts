import { defineConfig } from '@playwright/test'
import { E2E_DIST } from './tests/e2e/sites'

// The e2e suite runs the real build, served by the real server, in Debian's Chromium.
// tests/e2e/global-setup.ts builds the site once, before the tests, into its own folder (E2E_DIST, never
// dist/) with SITE_URL set to this address, so canonical URLs point here; then starts the server on it.
const PORT = 4173
export const BASE_URL = `http://127.0.0.1:${PORT}`
/**
 * What serves the suite: the Node server (`npm run serve`), or with E2E_RUNTIME=cloudflare the Worker in
 * local workerd (`npm run preview:cloudflare`, `npm run test:e2e:cloudflare`), on the same port and build.
 */
export const E2E_RUNTIME: 'node' | 'cloudflare' = process.env.E2E_RUNTIME === 'cloudflare' ? 'cloudflare' : 'node'
/** The server's database for this run, emptied before it starts; tests read it to see what was stored. */
export const E2E_DATABASE = 'test-results/e2e.db'
/** The Worker's local D1 and queue state for this run (E2E_RUNTIME=cloudflare), emptied before it starts. */
export const E2E_WRANGLER_STATE = 'test-results/e2e-wrangler'
/** The fake webhooks (tests/e2e/global-setup.ts starts them on this loopback port, for the tests/e2e/lead-*.spec.ts files). */
export const WEBHOOK_PORT = 4180
const WEBHOOKS = {
  SCORE_WEBHOOK_URL: `http://127.0.0.1:${WEBHOOK_PORT}/score`,
  SCORE_WEBHOOK_KEY: 'e2e-score-key',
  AFFILIATE_WEBHOOK_URL: `http://127.0.0.1:${WEBHOOK_PORT}/affiliate`,
  AFFILIATE_WEBHOOK_KEY: 'e2e-affiliate-key',
}
/** The suite's site is built with the webhooks set, as a careless deploy might (none may reach a built file). */
// Its cache is its own too: built for another address, its cards would evict `npm run build`'s, and theirs these.
export const SITE_BUILD_ENV = { SITE_URL: BASE_URL, DIST_DIR: E2E_DIST, BUILD_CACHE_DIR: `${E2E_DIST}-cache`, ...WEBHOOKS }

/** The server the tests talk to, on the suite's site. */
export function e2eServerEnv(): Record<string, string> {
  return {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DIST_DIR: E2E_DIST,
    // tests/e2e/fixtures.ts gives each test its own client address, as a proxy would.
    TRUST_PROXY: '1',
    DATABASE_URL: `file:${E2E_DATABASE}`,
    ...WEBHOOKS,
  }
}

/** The Worker's settings (E2E_RUNTIME=cloudflare): the same webhooks, its origin this address. */
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
