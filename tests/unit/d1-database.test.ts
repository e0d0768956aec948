import { createClient, type Client } from '@libsql/client'
import { describe, expect, it } from 'vitest'
import { d1Database, type D1Like } from '../../server/d1-database'
import { migrate } from '../../server/migrations'
import { Store } from '../../server/store'
import { storedLead } from './lead-fixture'

// The store on D1 (server/d1-database.ts), with an in-memory SQLite database standing in for D1's binding:
// the same prepare/bind/all calls and the same result shape (`results`, `meta.changes`, `meta.last_row_id`).
function fakeD1(client: Client): D1Like {
  return {
    prepare: (sql) => ({
      bind: (...values) => ({
        all: async () => {
          const result = await client.execute({ sql, args: values as never })
          const results = result.rows.map((row) => Object.fromEntries(result.columns.map((column, index) => [column, row[index]])))
          return { results, meta: { changes: result.rowsAffected, last_row_id: Number(result.lastInsertRowid ?? 0) } }
        },
      }),
    }),
  }
}

describe('the store on D1', () => {
  it('stores a lead once, filters its repeat, and hands it to the outbox with its payload', async () => {
    const client = createClient({ url: ':memory:' })
    await migrate(client)
    const store = Store.fromDatabase(d1Database(fakeD1(client)))
    const lead = storedLead()
    const id = await store.addLeadOnce(lead, 1_000, { key: 'ada', windowMs: 60_000 })
    expect(id).toBe(1)
    expect(await store.addLeadOnce(lead, 2_000, { key: 'ada', windowMs: 60_000 })).toBeNull()
    const [row] = await store.claimDue('leads', 5_000, 1_000)
    expect(row).toMatchObject({ id: 1, attempts: 0, payload: lead })
    await store.close()
    client.close()
  })
})
