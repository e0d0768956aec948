import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// "quick" and "quick-isolated" run in the test process alone (`npm run test:quick`); "processes" start the build,
// `npm run dev`, the server or the CLI scripts. A new test file is quick unless it is listed here.
const PROCESSES = [
  'tests/unit/incremental-build.test.ts',
  'tests/unit/dev-content-errors.test.ts',
  'tests/unit/dev-server-exposure.test.ts',
  'tests/unit/database.test.ts',
  'tests/unit/privacy-command.test.ts',
  'tests/unit/server-durability.test.ts',
  'tests/unit/server-shutdown.test.ts',
  'tests/unit/health.test.ts',
  'tests/unit/outbox-delivery.test.ts',
  'tests/unit/migrations.test.ts',
  'tests/unit/connections-per-client.test.ts',
  'tests/unit/render-markdown.test.ts',
  'tests/unit/cloudflare-pages.test.ts',
  'tests/unit/cloudflare-leads.test.ts',
  'tests/unit/commit-msg.test.ts',
]

// Quick files that count what a module does from its first import: each gets modules of its own.
const OWN_MODULES = ['tests/unit/dev-content-reads.test.ts', 'tests/unit/site-files.test.ts']

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    // Vitest's default on 2 cores is one file at a time; most files mostly wait on a process, a socket or a timer.
    maxWorkers: 2,
    projects: [
      // Without isolation the files of a worker share their imports: 10 s of imports instead of 33 s.
      {
        extends: true,
        test: { name: 'quick', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: [...PROCESSES, ...OWN_MODULES], testTimeout: 30_000, isolate: false },
      },
      { extends: true, test: { name: 'quick-isolated', include: OWN_MODULES, testTimeout: 30_000 } },
      // A build can take a minute on a busy machine: the limits only stop a hang.
      { extends: true, test: { name: 'processes', include: PROCESSES, testTimeout: 240_000, hookTimeout: 240_000 } },
    ],
  },
})
