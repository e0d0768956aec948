// The two servers `npm run bench:api` can load, behind one interface: the Node server (server/index.ts,
// scripts/bench/load.ts) on a throwaway SQLite database, and `npm run preview:cloudflare` (the Worker in
// local workerd, D1 and the outbox queue) on a throwaway state folder. Each is given the bench's fake
// score webhook and no affiliate webhook.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { clientDir } from '../../lib/node/paths.server'
import { Store } from '../../server/store'
import { previewMissing, queryPreviewD1, startPreview } from '../cloudflare-preview'
import type { Target } from './api'
import { startLoadServer } from './load'

export interface LoadTarget {
  origin: string
  /** The header this target reads the client's address from. */
  addressHeader: string
  /** The ids of the stored leads whose e-mail starts with `prefix`. */
  leadIds(prefix: string): Promise<number[]>
  /** Moves delivery along while the bench waits for it: the Worker's Cron Trigger; nothing on Node, whose outbox polls by itself. */
  nudge(): Promise<void>
  stop(): Promise<void>
}

const NODE_PORT = 4191

/** Escapes `text` for a LIKE pattern with `\` as its escape character. */
const likePrefix = (text: string) => `${text.replace(/[\\%_']/g, (c) => (c === "'" ? "''" : `\\${c}`))}%`

async function startNode(webhookUrl: string, cpuProfileDir: string | undefined): Promise<LoadTarget> {
  const server = await startLoadServer(NODE_PORT, cpuProfileDir, { SCORE_WEBHOOK_URL: webhookUrl })
  return {
    origin: server.origin,
    addressHeader: 'x-forwarded-for',
    async leadIds(prefix) {
      // A second reader of the server's SQLite file, as `npm run outbox` is.
      const store = await Store.open(server.databaseUrl)
      try {
        return (await store.rows('leads')).filter((row) => String(row.email).startsWith(prefix)).map((row) => Number(row.id))
      } finally {
        await store.close()
      }
    },
    nudge: async () => undefined,
    stop: () => server.stop(),
  }
}

async function startCloudflare(webhookUrl: string): Promise<LoadTarget> {
  if (previewMissing) throw new Error(previewMissing)
  const state = mkdtempSync(join(tmpdir(), 'bench-wrangler-'))
  const preview = await startPreview({ clientDir: clientDir(), state, env: { SCORE_WEBHOOK_URL: webhookUrl, AFFILIATE_WEBHOOK_URL: '' } }).catch(
    (error: unknown) => {
      rmSync(state, { recursive: true, force: true })
      throw error
    },
  )
  return {
    origin: preview.origin,
    // Cloudflare overwrites it with the visitor's address; local workerd passes the client's on.
    addressHeader: 'cf-connecting-ip',
    async leadIds(prefix) {
      // Read beside the running preview: a second wrangler on its state would break it (scripts/cloudflare-preview.ts).
      const rows = await queryPreviewD1<{ id: number }>(state, `SELECT id FROM leads WHERE email LIKE '${likePrefix(prefix)}' ESCAPE '\\'`)
      return rows.map((row) => Number(row.id))
    },
    nudge: () => preview.cron(),
    async stop() {
      await preview.stop()
      rmSync(state, { recursive: true, force: true })
    },
  }
}

/** Starts `target` with its score webhook at `webhookUrl`; `cpuProfileDir` profiles the Node server only. */
export function startTarget(target: Target, webhookUrl: string, cpuProfileDir: string | undefined): Promise<LoadTarget> {
  return target === 'node' ? startNode(webhookUrl, cpuProfileDir) : startCloudflare(webhookUrl)
}
