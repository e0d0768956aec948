import { z } from 'zod'

// The AI crawlers robots.txt names, by what they do, and `aiCrawlers` in content/site.json: which may read the site.

/** AI search engines and the agents that fetch a page because a person asked: they cite and link the site. */
export const AI_SEARCH_AGENTS = ['OAI-SearchBot', 'ChatGPT-User', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User'] as const

/** Crawlers that collect text to train models (Google-Extended and Applebot-Extended are tokens their search crawlers obey). */
export const AI_TRAINING_AGENTS = ['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'CCBot', 'Meta-ExternalAgent', 'Bytespider'] as const

const allowed = (what: string) => z.boolean({ error: `expected true (${what} may read the site) or false` })

export const aiCrawlersSchema = z
  .strictObject({
    search: allowed('AI search engines and user-triggered agents').default(true),
    training: allowed('AI training crawlers').default(false),
  })
  .default({ search: true, training: false })

export type AiCrawlers = z.infer<typeof aiCrawlersSchema>

/** robots.txt: a group per kind of AI crawler, then every other crawler; each group says all its agents may do (a crawler obeys only one). */
export function robotsTxtFor(sitemapUrl: string, crawlers: AiCrawlers): string {
  // No crawler needs the API: it answers forms, not readers.
  const allowAll = ['Allow: /', 'Disallow: /api/']
  const group = (comment: string, agents: readonly string[], rules: readonly string[]) =>
    [`# ${comment}`, ...agents.map((agent) => `User-agent: ${agent}`), ...rules].join('\n')
  const ai = (what: string, key: keyof AiCrawlers, agents: readonly string[]) =>
    group(`${what}: ${crawlers[key] ? 'allowed' : 'kept out'} (aiCrawlers.${key} in content/site.json)`, agents, crawlers[key] ? allowAll : ['Disallow: /'])
  return `${[
    ai('AI search engines and agents a person sent', 'search', AI_SEARCH_AGENTS),
    ai('AI training crawlers', 'training', AI_TRAINING_AGENTS),
    group('Every other crawler', ['*'], allowAll),
    `Sitemap: ${sitemapUrl}`,
  ].join('\n\n')}\n`
}
