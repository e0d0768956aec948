import { describe, expect, it } from 'vitest'
import { d1TargetOf, sqlWithArgs } from '../../scripts/d1-wrangler-database'

describe('sqlWithArgs (wrangler d1 execute takes no bound parameters)', () => {
  it('writes each argument as a literal: strings quoted with quotes doubled, numbers, NULL; numbered placeholders by their number, as SQLite does; none inside a quoted string; refuses a placeholder without its argument, and a value it cannot write', () => {
    expect(sqlWithArgs('SELECT * FROM leads WHERE email_key = ? AND id > ? AND x IS ?', ["o'brien@x.co", 7, null])).toBe(
      "SELECT * FROM leads WHERE email_key = 'o''brien@x.co' AND id > 7 AND x IS NULL",
    )
    expect(sqlWithArgs('VALUES (?1, ?2) ON CONFLICT DO UPDATE SET a = CASE WHEN ?2 - b >= ?3 THEN 1 END', ['k', 5, 60])).toBe(
      "VALUES ('k', 5) ON CONFLICT DO UPDATE SET a = CASE WHEN 5 - b >= 60 THEN 1 END",
    )
    // A question mark inside a quoted string is left alone.
    expect(sqlWithArgs("SELECT substr(key, instr(key, ' ? ') + 1) FROM t WHERE id = ?", [3])).toBe(
      "SELECT substr(key, instr(key, ' ? ') + 1) FROM t WHERE id = 3",
    )
    expect(() => sqlWithArgs('SELECT ?, ?', [1])).toThrow(/no argument for placeholder \?/)
    expect(() => sqlWithArgs('SELECT ?', [Number.NaN])).toThrow(/cannot write NaN/)
  })
})

it('reads DATABASE_URL=d1:remote and d1:local[:<folder>] as D1, anything else as not', () => {
  expect(d1TargetOf('d1:remote')).toEqual({ remote: true })
  expect(d1TargetOf('d1:local')).toEqual({ remote: false })
  expect(d1TargetOf('d1:local:/tmp/state')).toEqual({ remote: false, persistTo: '/tmp/state' })
  for (const url of ['file:data/site.db', 'libsql://db.example', 'd1:', 'd1:elsewhere']) expect(d1TargetOf(url)).toBeUndefined()
})
