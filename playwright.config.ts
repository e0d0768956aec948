import { defineConfig } from '@playwright/test'

// The e2e suite runs the real build, served by the real server, in Debian's Chromium.
// `npm run test:e2e` builds first with SITE_URL set to this address, so canonical URLs point here.
const PORT = 4173
export const BASE_URL = `http://127.0.0.1:${PORT}`
/** The server's database for this run, emptied before it starts; tests read it to see what was stored. */
export const E2E_DATABASE = 'test-results/e2e.db'
/** The fake webhooks (tests/e2e/lead-capture.spec.ts starts them on this loopback port). */
export const WEBHOOK_PORT = 4180

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    command: `rm -f ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm && npm run serve`,
    url: `${BASE_URL}/`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // tests/e2e/fixtures.ts gives each test its own client address, as a proxy would.
      TRUST_PROXY: '1',
      DATABASE_URL: `file:${E2E_DATABASE}`,
      SCORE_WEBHOOK_URL: `http://127.0.0.1:${WEBHOOK_PORT}/score`,
      SCORE_WEBHOOK_KEY: 'e2e-score-key',
      AFFILIATE_WEBHOOK_URL: `http://127.0.0.1:${WEBHOOK_PORT}/affiliate`,
      AFFILIATE_WEBHOOK_KEY: 'e2e-affiliate-key',
    },
    timeout: 30_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
