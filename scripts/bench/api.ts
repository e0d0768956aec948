// The parts of `npm run bench:api` that decide rather than run, so that a test checks them without starting a server.

export const TARGETS = ['node', 'cloudflare'] as const
export type Target = (typeof TARGETS)[number]

export interface Row {
  connections: number
  leadsPerSecond: number
  p50: number
  p99: number
  /** Non-2xx answers, timeouts and socket errors. */
  errors: number
  errorKinds: Record<string, number>
  accepted: number
  stored: number
  /** Undefined without a webhook. */
  delivered?: number
  deliveredTwice?: number
}

/** How many stored leads the webhook's calls brought at least once, and more than once. */
export function deliveries(storedKeys: string[], received: string[]): { delivered: number; deliveredTwice: number } {
  const calls = new Map<string, number>()
  for (const key of received) calls.set(key, (calls.get(key) ?? 0) + 1)
  const counts = [...new Set(storedKeys)].map((key) => calls.get(key) ?? 0)
  return { delivered: counts.filter((n) => n >= 1).length, deliveredTwice: counts.filter((n) => n > 1).length }
}

/** A line naming the target, the markdown table, then one line per row that had errors. */
export function tableLines(target: Target, seconds: number, rows: Row[]): string[] {
  const served = target === 'node' ? 'the Node server (X-Forwarded-For)' : 'the Worker in local workerd (CF-Connecting-IP)'
  const lines = [
    `bench:api --target ${target}: POST /api/score to ${served} for ${seconds} s per row, one client address per request, loopback`,
    '| connections | leads/s (202) | p50 ms | p99 ms | errors | 202 answers | leads stored | delivered | delivered twice |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const row of rows)
    lines.push(
      `| ${row.connections} | ${Math.round(row.leadsPerSecond)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.accepted} | ${row.stored} | ${row.delivered ?? '–'} | ${row.deliveredTwice ?? '–'} |`,
    )
  for (const row of rows) {
    const kinds = Object.entries(row.errorKinds).filter(([, count]) => count > 0)
    if (kinds.length > 0) lines.push(`errors at ${row.connections} connections: ${kinds.map(([kind, count]) => `${kind} × ${count}`).join(', ')}`)
  }
  return lines
}

/** Cloudflare's leads/s over Node's at each connection count both ran: local workerd is not Cloudflare, so the ratio on one machine is the figure. */
export function ratioLine(node: Row[], cloudflare: Row[]): string {
  const ratios = cloudflare.flatMap((row) => {
    const base = node.find((other) => other.connections === row.connections)
    if (!base) return []
    const ratio = base.leadsPerSecond > 0 ? (row.leadsPerSecond / base.leadsPerSecond).toFixed(2) : '–'
    return [`${ratio} at ${row.connections} connections`]
  })
  return `cloudflare ÷ node, leads/s (202): ${ratios.join(', ')}`
}

/** A lead answered 202 and not stored, or a stored lead not delivered exactly once (without a webhook, storage alone). */
export function failures(target: Target, rows: Row[]): string[] {
  return rows.flatMap((row) => {
    const at = `at ${row.connections} connections (${target})`
    const { delivered = row.stored, deliveredTwice = 0 } = row
    return [
      ...(row.stored < row.accepted ? [`${row.accepted - row.stored} leads answered 202 but not stored ${at}`] : []),
      ...(delivered < row.stored ? [`${row.stored - delivered} stored leads not delivered ${at}`] : []),
      ...(deliveredTwice > 0 ? [`${deliveredTwice} leads delivered more than once ${at}`] : []),
    ]
  })
}
