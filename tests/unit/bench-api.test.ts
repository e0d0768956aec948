import { describe, expect, it } from 'vitest'
import { deliveries, failures, ratioLine, tableLines, takeTarget, type Row } from '../../scripts/bench/api'

// What `npm run bench:api` decides, without starting a server: which targets it loads, how it counts
// deliveries, what it prints and when it fails. The load itself is not run here: it takes minutes.

const row = (overrides: Partial<Row> = {}): Row => ({
  connections: 10,
  leadsPerSecond: 200,
  p50: 20,
  p99: 90,
  errors: 0,
  errorKinds: {},
  accepted: 1000,
  stored: 1000,
  delivered: 1000,
  deliveredTwice: 0,
  ...overrides,
})

describe('npm run bench:api --target', () => {
  it('loads the Node server alone unless told, and passes the other options on', () => {
    expect(takeTarget(['--connections', '10,50', '--seconds', '5'])).toEqual({ targets: ['node'], rest: ['--connections', '10,50', '--seconds', '5'] })
  })

  it('takes node, cloudflare or both, spelled with a space or an equals sign; both runs node first', () => {
    expect(takeTarget(['--target', 'cloudflare', '--seconds', '5'])).toEqual({ targets: ['cloudflare'], rest: ['--seconds', '5'] })
    expect(takeTarget(['--seconds', '5', '--target=both'])).toEqual({ targets: ['node', 'cloudflare'], rest: ['--seconds', '5'] })
    expect(takeTarget(['--target', 'node'])).toEqual({ targets: ['node'], rest: [] })
  })

  it('refuses another target or a missing value, naming the choices', () => {
    expect(takeTarget(['--target', 'netlify'])).toEqual({ error: '--target takes node, cloudflare or both, got "netlify"' })
    expect(takeTarget(['--target'])).toEqual({ error: '--target takes node, cloudflare or both' })
    expect(takeTarget(['--target', '--seconds', '5'])).toEqual({ error: '--target takes node, cloudflare or both' })
  })
})

describe("npm run bench:api's count of deliveries", () => {
  it('counts the stored leads the webhook received, and those it received more than once', () => {
    const stored = ['lead-1', 'lead-2', 'lead-3', 'lead-4']
    expect(deliveries(stored, ['lead-2', 'lead-1', 'lead-2', 'lead-3', 'lead-2'])).toEqual({ delivered: 3, deliveredTwice: 1 })
  })

  it('counts no call for a key no stored lead has', () => {
    expect(deliveries(['lead-1'], ['lead-9', 'lead-9'])).toEqual({ delivered: 0, deliveredTwice: 0 })
  })
})

describe("npm run bench:api's verdict", () => {
  it('passes when every lead answered 202 was stored and every stored lead delivered once', () => {
    // A request still in flight when the load stops can be stored without its answer being counted.
    expect(failures('node', [row({ accepted: 998, stored: 1000, delivered: 1000 })])).toEqual([])
  })

  it('fails on a lead answered 202 and not stored, one not delivered, or one delivered twice, naming the target and row', () => {
    expect(failures('cloudflare', [row({ connections: 50, accepted: 1000, stored: 997, delivered: 990, deliveredTwice: 2 })])).toEqual([
      '3 leads answered 202 but not stored at 50 connections (cloudflare)',
      '7 stored leads not delivered at 50 connections (cloudflare)',
      '2 leads delivered more than once at 50 connections (cloudflare)',
    ])
  })

  it('judges a row run with --no-webhook on storage alone, and prints a dash for its deliveries', () => {
    const intake = row({ accepted: 1000, stored: 1000, delivered: undefined, deliveredTwice: undefined })
    expect(failures('node', [intake])).toEqual([])
    expect(failures('node', [{ ...intake, stored: 990 }])).toEqual(['10 leads answered 202 but not stored at 10 connections (node)'])
    expect(tableLines('node', 5, [intake])[3]).toBe('| 10 | 200 | 20 | 90 | 0 | 1000 | 1000 | – | – |')
  })

  it('does not fail on errors alone: a refused request stored nothing it answered 202 for', () => {
    expect(failures('cloudflare', [row({ errors: 40, errorKinds: { '503': 40 } })])).toEqual([])
  })
})

describe("npm run bench:api's tables", () => {
  it('names the target, adds the delivery columns and says what the errors were', () => {
    const lines = tableLines('cloudflare', 5, [
      row({ connections: 50, leadsPerSecond: 61.4, errors: 12, errorKinds: { '503': 9, timeouts: 3, 'socket errors': 0 } }),
    ])
    expect(lines[0]).toMatch(/^bench:api --target cloudflare: .* for 5 s per row/)
    expect(lines[1]).toBe('| connections | leads/s (202) | p50 ms | p99 ms | errors | 202 answers | leads stored | delivered | delivered twice |')
    expect(lines[3]).toBe('| 50 | 61 | 20 | 90 | 12 | 1000 | 1000 | 1000 | 0 |')
    expect(lines[4]).toBe('errors at 50 connections: 503 × 9, timeouts × 3')
  })

  it("divides Cloudflare's leads/s by Node's at each connection count both ran", () => {
    const node = [row({ connections: 10, leadsPerSecond: 400 }), row({ connections: 50, leadsPerSecond: 500 })]
    const cloudflare = [row({ connections: 10, leadsPerSecond: 100 }), row({ connections: 50, leadsPerSecond: 60 })]
    expect(ratioLine(node, cloudflare)).toBe('cloudflare ÷ node, leads/s (202): 0.25 at 10 connections, 0.12 at 50 connections')
  })
})
