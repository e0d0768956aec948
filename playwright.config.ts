import { defineConfig } from '@playwright/test'

// The e2e suite runs the real build, served by the real server, in Debian's Chromium.
// `npm run test:e2e` builds first with SITE_URL set to this address, so canonical URLs point here.
const PORT = 4173
export const BASE_URL = `http://127.0.0.1:${PORT}`

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
    command: 'npm run serve',
    url: `${BASE_URL}/`,
    // A fresh database per run (the serve script's tsx keeps PORT/HOST); no webhooks unless a test starts one.
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: `file:test-results/e2e-${Date.now()}.db` },
    timeout: 30_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
