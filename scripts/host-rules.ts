// The static hosts' rule files as their own parsers read them (netlify-redirect-parser,
// netlify-headers-parser; vercel.json as written), and the matching every host model shares: the API's
// proxy rule, rules looked up by their one path, headers joined, Netlify's and Cloudflare's patterns.
// The models themselves are in host-models.ts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { GetRoutesProps } from '@vercel/routing-utils'
import { parseAllHeaders } from 'netlify-headers-parser'
import { parseAllRedirects } from 'netlify-redirect-parser'
import { API_PREFIX, HOST_RULE_FILES, REDIRECT_STATUS } from '../lib/universal/routes'

export interface Rule {
  from: string
  to: string
  status: number
  force: boolean
}

export interface HeaderRule {
  for: string
  /** Netlify's own matcher for `for`, made by its parser. */
  forRegExp: RegExp
  values: Record<string, string>
}

/** The rule files of a client folder, parsed; a file a host would reject throws, naming it. */
export async function readRuleFiles(clientDir: string) {
  const [redirectsFile, headersFile, vercelFile] = HOST_RULE_FILES.map((name) => join(clientDir, name))
  const redirects = await parseAllRedirects({ redirectsFiles: [redirectsFile!], configRedirects: [], minimal: true })
  const headers = await parseAllHeaders({ headersFiles: [headersFile] as never[], netlifyConfigPath: undefined, minimal: false })
  const errors = [...redirects.errors, ...headers.errors]
  if (errors.length > 0) throw new Error(`${redirectsFile} / ${headersFile}: ${errors.map((error) => error.message).join('; ')}`)
  const rules = redirects.redirects as Rule[]
  // The build writes rewrites to its own pages, redirects of old URLs and the API's proxy only; a model that routed anything else would be guessing.
  const unknown = rules.find(
    (rule) =>
      !isApiProxy(rule) &&
      ((rule.status !== 200 && !(rule.status === REDIRECT_STATUS && isLiteral(rule.from))) || rule.force || rule.to.includes(':') || !rule.to.startsWith('/')),
  )
  if (unknown)
    throw new Error(
      `${redirectsFile}: the static-host models know only rewrites to a page, redirects from one path and the API's proxy, not ${JSON.stringify(unknown)}`,
    )
  return { rules, headerRules: headers.headers as HeaderRule[], vercelConfig: JSON.parse(readFileSync(vercelFile!, 'utf8')) as GetRoutesProps }
}

/** The rule files of a client folder, as readRuleFiles parsed them. */
export type RuleFiles = Awaited<ReturnType<typeof readRuleFiles>>

/** The API's proxy rule as the build writes it with API_ORIGIN: `/api/*  https://api.example.com/api/:splat  200`. */
const API_PROXY_SOURCE = `${API_PREFIX}/*`
export const isApiProxy = (rule: Rule) =>
  rule.from === API_PROXY_SOURCE && rule.status === 200 && !rule.force && new RegExp(`^https?://[^/]+${API_PREFIX}/:splat$`).test(rule.to)

/** Where a proxy rule sends `path`: its `:splat` is what `/api/*`'s star matched; the query is passed on. */
export const proxied = (rule: Rule, path: string, search: string) => `${rule.to.replace(':splat', path.slice(API_PROXY_SOURCE.length - 1))}${search}`

/** A `_redirects` source with no placeholder or splat: it matches one path, so a model looks it up instead of trying it. */
export const isLiteral = (from: string) => !/[:*]/.test(from)

/**
 * The first rule that `path` matches, as `rules.find` would give it: the literal ones are looked up by
 * `keyOf` (ten thousand old URLs cost one lookup a request, not ten thousand tests), the others tried.
 */
export function firstRule<R extends Rule>(
  rules: readonly R[],
  tries: (rule: R, path: string) => boolean,
  keyOf: (path: string) => string,
): (path: string) => R | undefined {
  const literal = new Map<string, number>()
  rules.forEach((rule, index) => {
    if (isLiteral(rule.from) && !literal.has(keyOf(rule.from))) literal.set(keyOf(rule.from), index)
  })
  const others = rules.flatMap((rule, index) => (isLiteral(rule.from) ? [] : [{ rule, index }]))
  return (path) => {
    const found = literal.get(keyOf(path)) ?? Infinity
    const tried = others.find(({ rule, index }) => index < found && tries(rule, path))
    return tried ? tried.rule : rules[found]
  }
}

/** A redirect rule's answer: its status and target, the query kept. */
export const redirected = (rule: Rule, search: string) => ({ status: rule.status, location: `${rule.to}${search}` })
export const isRedirect = (rule: Rule | undefined): boolean => rule !== undefined && rule.status >= 300 && rule.status < 400

export const split = (url: string) => {
  const parsed = new URL(url, 'http://host.test')
  return { pathname: parsed.pathname, search: parsed.search }
}

/** Values set twice for one path are joined with ", ", as Netlify and Cloudflare document. */
export function addHeaders(into: Record<string, string>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const key = name.toLowerCase()
    into[key] = into[key] === undefined ? value : `${into[key]}, ${value}`
  }
}

/**
 * Netlify's own path matcher, the `forRegExp` its headers parser makes, for redirect patterns too
 * (they have the same syntax), by pattern: `:name` is one segment; a standalone `*` is the rest, slash
 * optional, so `/a/*` also matches `/a`; a trailing slash is optional; letters match either case.
 */
export async function netlifyMatchers(patterns: string[]): Promise<Map<string, RegExp>> {
  const configHeaders = patterns.map((pattern) => ({ for: pattern, values: { 'X-Pattern': pattern } }))
  const { headers } = await parseAllHeaders({ configHeaders: configHeaders as never[], netlifyConfigPath: undefined })
  return new Map(headers.map((header) => [header.for, header.forRegExp!]))
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Cloudflare's path pattern (no matcher of its own is published): anchored, `:name` is one segment, `*` is anything. */
export const cloudflarePattern = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => escapeRegExp(part).replace(/:\w+/g, '[^/]+'))
      .join('.*')}$`,
  )
