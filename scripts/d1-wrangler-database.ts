// The Worker's D1 (`d1:remote`, `d1:local[:<folder>]`) through `wrangler d1 execute`, which takes no bound parameters.
import type { Result, Statement } from '../server/database'
import { Store } from '../server/store'
import { runWrangler } from './wrangler'

export function d1TargetOf(url: string): { remote: boolean; persistTo?: string } | undefined {
  if (url === 'd1:remote') return { remote: true }
  const local = /^d1:local(?::(.+))?$/.exec(url)
  if (!local) return undefined
  return local[1] ? { remote: false, persistTo: local[1] } : { remote: false }
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`cannot write ${value} into SQL`)
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`
  throw new Error(`cannot write a ${typeof value} into SQL`)
}

/** Each placeholder (`?`, or `?N` for the Nth argument) replaced by its argument as a literal. */
export function sqlWithArgs(sql: string, args: readonly unknown[] = []): string {
  let next = 0
  // A quoted string or identifier is matched whole, so that the `?` in it is not taken for a placeholder.
  return sql.replace(/'[^']*'|"[^"]*"|\?(\d*)/g, (token, digits: string | undefined) => {
    if (!token.startsWith('?')) return token
    const position = digits ? Number(digits) - 1 : next++
    if (position < 0 || position >= args.length) throw new Error(`no argument for placeholder ?${digits ?? ''} in: ${sql}`)
    return literal(args[position])
  })
}

/** A write is followed, in the same command, by `SELECT changes(), …`: a local D1's answer to `--json` carries no count of the rows changed. */
function execute(target: NonNullable<ReturnType<typeof d1TargetOf>>, statement: Statement | string, write: boolean): Result {
  const one = typeof statement === 'string' ? statement : sqlWithArgs(statement.sql, statement.args as unknown[] | undefined)
  const sql = write ? `${one.trim().replace(/;$/, '')}; SELECT changes() AS changes, last_insert_rowid() AS last_id` : one
  const where = target.remote ? ['--remote'] : ['--local', ...(target.persistTo ? ['--persist-to', target.persistTo] : [])]
  const run = runWrangler(['d1', 'execute', 'DB', ...where, '--json', '--command', sql], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  const [stdout, stderr] = [String(run.stdout), String(run.stderr)]
  if (run.status !== 0) throw new Error(`wrangler d1 execute failed (exit ${run.status}): ${(stderr || stdout).trim()}`)
  const [answer, counts] = JSON.parse(stdout) as Array<{ results: Array<Record<string, unknown>> }>
  const changed = counts?.results[0]
  return {
    rows: answer?.results ?? [],
    rowsAffected: Number(changed?.changes ?? 0),
    lastInsertRowid: changed?.last_id === undefined ? undefined : Number(changed.last_id),
  }
}

/** Its storage is Cloudflare's: there is no log to checkpoint. */
export function d1StoreOf(url: string): Store | undefined {
  const target = d1TargetOf(url)
  return target
    ? Store.fromDatabase({
        read: async (statement) => execute(target, statement, false),
        write: async (statement) => execute(target, statement, true),
        checkpoint: async () => undefined,
        close: async () => {},
      })
    : undefined
}
