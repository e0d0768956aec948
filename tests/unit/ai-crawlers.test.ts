import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadAiCrawlers, loadSite } from '../../lib/node/site.server'
import { robotsTxt } from '../../lib/node/sitemap.server'
import { AI_SEARCH_AGENTS, AI_TRAINING_AGENTS } from '../../lib/universal/crawlers'
import { contentCopy } from './content-fixture'

// robots.txt names the AI crawlers, as `aiCrawlers` in content/site.json says: search engines and the
// agents a person sends, allowed by default; training crawlers, kept out by default.

/** robots.txt's groups: for each `User-agent` line, the rules of its group. */
function rulesFor(robots: string): Map<string, string[]> {
  const rules = new Map<string, string[]>()
  for (const group of robots.split('\n\n')) {
    const lines = group.split('\n').filter((line) => !line.startsWith('#'))
    const agents = lines.filter((line) => line.startsWith('User-agent: ')).map((line) => line.slice('User-agent: '.length))
    const groupRules = lines.filter((line) => !line.startsWith('User-agent: '))
    for (const agent of agents) rules.set(agent, groupRules)
  }
  return rules
}

/** A copy of the content with `aiCrawlers` in site.json set to `value` (removed when undefined). */
function siteWith(value: unknown): string {
  const dir = contentCopy()
  const file = join(dir, 'site.json')
  const site = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  if (value === undefined) delete site.aiCrawlers
  else site.aiCrawlers = value
  writeFileSync(file, JSON.stringify(site))
  return dir
}

describe('robots.txt and the AI crawlers', () => {
  it('by default lets search and user-triggered agents in, keeps training crawlers out, and every other crawler off /api/', () => {
    const rules = rulesFor(robotsTxt('https://example.test', loadAiCrawlers(siteWith(undefined), {})))
    for (const agent of ['OAI-SearchBot', 'ChatGPT-User', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User'])
      expect(rules.get(agent), agent).toEqual(['Allow: /', 'Disallow: /api/'])
    for (const agent of ['GPTBot', 'ClaudeBot', 'Google-Extended']) expect(rules.get(agent), agent).toEqual(['Disallow: /'])
    expect(rules.get('*')).toEqual(['Allow: /', 'Disallow: /api/'])
    expect(robotsTxt('https://example.test')).toMatch(/\nSitemap: https:\/\/example\.test\/sitemap\.xml\n$/)
  })

  it('names every agent of each kind, whichever way its switch is set', () => {
    for (const setting of [
      { search: true, training: true },
      { search: false, training: false },
    ]) {
      const rules = rulesFor(robotsTxt('https://example.test', loadAiCrawlers(siteWith(setting), {})))
      for (const agent of AI_SEARCH_AGENTS) expect(rules.get(agent), agent).toEqual(setting.search ? ['Allow: /', 'Disallow: /api/'] : ['Disallow: /'])
      for (const agent of AI_TRAINING_AGENTS) expect(rules.get(agent), agent).toEqual(setting.training ? ['Allow: /', 'Disallow: /api/'] : ['Disallow: /'])
      expect(rules.get('*')).toEqual(['Allow: /', 'Disallow: /api/'])
    }
  })

  it('reads the real site.json: training crawlers kept out; the setting is not among the site settings each page carries to the browser', () => {
    expect(loadAiCrawlers('content', {})).toEqual({ search: true, training: false })
    expect(loadSite('content', {})).not.toHaveProperty('aiCrawlers')
  })

  it('fails on a bad setting, naming the file and the field', () => {
    const file = (dir: string) => join(dir, 'site.json')
    const yes = siteWith({ training: 'yes' })
    expect(() => loadAiCrawlers(yes, {})).toThrow(`${file(yes)}: aiCrawlers.training: expected true (AI training crawlers may read the site) or false`)
    // Every page reads site.json: a bad setting fails them too, not only robots.txt.
    expect(() => loadSite(yes, {})).toThrow(/aiCrawlers\.training/)
    const typo = siteWith({ serch: false })
    expect(() => loadAiCrawlers(typo, {})).toThrow(`${file(typo)}: aiCrawlers: Unrecognized key: "serch"`)
  })
})
