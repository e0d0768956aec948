// check:site's check that every built file answers on Netlify, Cloudflare Pages, Vercel and Cloudflare
// Workers as from the Node server, on the host models, and within each host's file limit.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { getTransformedRoutes } from '@vercel/routing-utils'
import { alternateFileHeaders } from '../lib/universal/alternate-headers'
import {
  cacheControlFor,
  CACHE_CONTROL,
  HOST_RULE_FILES,
  NOT_FOUND_FILE,
  REDIRECT_STATUS,
  REDIRECTS_FILE,
  pathOfHtmlFile,
  type Redirect,
} from '../lib/universal/routes'
import { STATIC_REDIRECT_LIMITS } from '../lib/node/redirects.server'
import { ASSETS_IGNORE } from '../pipeline/host-files'
import { FORM_TIMING_COOKIE, carriesScoreForm } from '../server/form-timing'
import { escapeRegExp, type Problem } from '../lib/checks/checked-page'
import { cloudflarePages, isLiteral, netlify, readRuleFiles, vercel, type Host, type HostName, type RuleFiles } from './host-models'
import { WRANGLER_CONFIG, pathsLeftToAssets, readRunWorkerFirst, workers, type RunWorkerFirst } from './workers-host'

/** A pattern of `.assetsignore` without a slash, as Workers static assets match it: against a file's name, in any folder. */
const assetsIgnored = ASSETS_IGNORE.map((pattern) => new RegExp(`(^|/)${pattern.split('*').map(escapeRegExp).join('[^/]*')}$`))

/** Whether `wrangler deploy` uploads a file of the client folder as a Workers static asset. */
const uploadedToWorkers = (file: string) => !(HOST_RULE_FILES as readonly string[]).includes(file) && !assetsIgnored.some((pattern) => pattern.test(file))

/** How many files a deployment may hold where the host documents it (free plan); Netlify and Vercel document none. */
const FILE_LIMITS = [
  { host: 'Cloudflare Pages', limit: 20_000, uploads: (file: string) => file !== '_headers' && file !== '_redirects' },
  { host: 'Workers static assets', limit: 20_000, uploads: uploadedToWorkers },
] as const

const fileCounts = (files: Iterable<string>) => {
  const all = [...files]
  return FILE_LIMITS.map(({ host, limit, uploads }) => ({ host, count: all.filter(uploads).length, limit }))
}
const number = (value: number) => value.toLocaleString('en-US')

export function checkFileLimits(files: Iterable<string>): Problem[] {
  return fileCounts(files)
    .filter(({ count, limit }) => count > limit)
    .map(({ host, count, limit }) => ({
      file: '.',
      problem: `${number(count)} files: ${host} takes at most ${number(limit)} a deployment (free plan)`,
      fix: 'fewer files (pages, twins, report sheets), or a paid plan whose limit is higher; the Node server, Netlify and Vercel serve them all',
    }))
}

export function fileCountSummary(files: Iterable<string>): string {
  const counts = fileCounts(files).map(({ host, count, limit }) => `${number(count)} files of ${number(limit)} on ${host}`)
  return `${counts.join(', ')}; no documented limit checked on Netlify and Vercel`
}

/** The models of a client folder; Workers' with wrangler.jsonc's `run_worker_first`, unless told another. */
export async function loadHosts(clientDir: string, runWorkerFirst = readRunWorkerFirst(), ruleFiles?: RuleFiles): Promise<Record<HostName, Host>> {
  const { rules, headerRules, vercelConfig } = ruleFiles ?? (await readRuleFiles(clientDir))
  const isFile = (file: string) => existsSync(join(clientDir, file)) && statSync(join(clientDir, file)).isFile()
  const workersAssets = cloudflarePages(rules, headerRules, (file) => uploadedToWorkers(file) && isFile(file), true)
  return {
    netlify: await netlify(rules, headerRules, isFile),
    cloudflare: cloudflarePages(rules, headerRules, isFile),
    vercel: vercel(vercelConfig, isFile),
    workers: workers(workersAssets, runWorkerFirst, (file) => readFileSync(join(clientDir, file))),
  }
}

/** Cloudflare Pages reads at most this many rules of `_headers`, and of `_redirects` rules with a placeholder or splat. */
const RULE_LIMIT = 100

/**
 * The built site on each host: every page and file answers 200 from itself with its Cache-Control class and
 * the headers the Node server sends for this build (`served`, the CSP's inline hashes included); only a feed
 * or a markdown twin gets a media type or X-Robots-Tag. Only the Worker can set the form-timing cookie.
 */
export async function checkStaticHosts(
  clientDir: string,
  files: Iterable<string>,
  served: Record<string, string>,
  runWorkerFirst: RunWorkerFirst = readRunWorkerFirst(),
): Promise<Problem[]> {
  const ruleFiles = await readRuleFiles(clientDir)
  const { rules, headerRules } = ruleFiles
  const hosts = await loadHosts(clientDir, runWorkerFirst, ruleFiles)
  const fix = 'the build writes it from lib/universal/routes.ts: rebuild, or correct the rule there (pipeline/host-files.ts turns it into host syntax)'
  const builtFiles = [...files]
  const problems = checkFileLimits(builtFiles)
  for (const { path, rule } of pathsLeftToAssets(runWorkerFirst))
    problems.push({
      file: WRANGLER_CONFIG,
      problem: `assets.run_worker_first leaves ${path} to the static assets; the Worker must answer it (${rule})`,
      fix: 'add a pattern that matches it to run_worker_first (worker/index.ts has the rule)',
    })
  // The old URLs (redirectFrom): one static rule each in _redirects, one route each in vercel.json.
  const tooMany = "fewer old URLs (redirectFrom), or that host's bulk redirects loaded from redirects.json; the Node server and Netlify answer them all"
  const dynamicRules = rules.filter((rule) => !isLiteral(rule.from)).length
  const [staticRules, vercelRoutes] = [rules.length - dynamicRules, getTransformedRoutes(ruleFiles.vercelConfig).routes?.length ?? 0]
  const { cloudflare: staticLimit, vercelRoutes: routeLimit } = STATIC_REDIRECT_LIMITS
  const limits = [
    [headerRules.length, RULE_LIMIT, '_headers', `${headerRules.length} rules: Cloudflare Pages reads the first ${RULE_LIMIT}`, fix],
    [dynamicRules, RULE_LIMIT, '_redirects', `${dynamicRules} rules with a placeholder: Cloudflare Pages reads the first ${RULE_LIMIT}`, fix],
    [staticRules, staticLimit, '_redirects', `${staticRules} static rules: Cloudflare Pages applies the first ${staticLimit}`, tooMany],
    [vercelRoutes, routeLimit, 'vercel.json', `${vercelRoutes} routes: Vercel takes ${routeLimit} a deployment`, tooMany],
  ] as const
  for (const [count, limit, file, problem, fix] of limits) if (count > limit) problems.push({ file, problem, fix })

  const expected = builtFiles
    .filter((file) => file !== NOT_FOUND_FILE && !(HOST_RULE_FILES as readonly string[]).includes(file))
    .map((file) => {
      const isPage = file.endsWith('.html')
      const path = isPage ? pathOfHtmlFile(file)! : `/${file}`
      const cacheControl = isPage ? CACHE_CONTROL.page : cacheControlFor(path, null)
      const wanted: Record<string, string | undefined> = { 'content-type': undefined, 'x-robots-tag': undefined, 'cache-control': cacheControl }
      for (const [header, value] of Object.entries((!isPage && alternateFileHeaders(path)) || {})) wanted[header.toLowerCase()] = value
      return { file, path, wanted }
    })
  // The old URLs the build wrote for the Node server, beside the client folder; none for a build from before them.
  const redirectsFile = join(dirname(clientDir), REDIRECTS_FILE)
  const redirects = existsSync(redirectsFile) ? (JSON.parse(readFileSync(redirectsFile, 'utf8')) as Redirect[]) : []
  for (const [name, host] of Object.entries(hosts)) {
    const [routes, headers] = name === 'vercel' ? ['vercel.json', 'vercel.json'] : ['_redirects', '_headers']
    for (const { file, path, wanted } of expected) {
      // What `.assetsignore` keeps from the Workers upload (the CSP hashes, the compressed copies) is meant to answer 404 there.
      if (name === 'workers' && !uploadedToWorkers(file)) continue
      const answer = host(path)
      // Only the Worker can set the form-timing cookie; where it runs, a page with the form must get it, as from the server.
      const formPage = name === 'workers' && file.endsWith('.html') && carriesScoreForm(readFileSync(join(clientDir, file)))
      const wrong = Object.entries({ ...wanted, ...(formPage && { 'cache-control': CACHE_CONTROL.formPage }), ...served }).find(
        ([header, value]) => answer.headers[header.toLowerCase()] !== value,
      )
      if (answer.status !== 200 || answer.file !== file) {
        problems.push({ file, problem: `${name} answers ${path} with ${answer.status} ${answer.location ?? answer.file}`, fix: `${routes}: ${fix}` })
      } else if (formPage && answer.cookie !== FORM_TIMING_COOKIE) {
        problems.push({
          file,
          problem: `${name} sends ${path} without the form-timing cookie, which the server sets on every page with the free-score form`,
          fix: `the Worker sets it on FORM_PAGE_PATHS only (lib/universal/routes.ts): add ${path} there, and to ${WRANGLER_CONFIG} run_worker_first`,
        })
      } else if (wrong) {
        const [header, value] = wrong
        problems.push({
          file,
          problem: `${name} sends ${path} with ${header} ${answer.headers[header.toLowerCase()] ?? '(host default)'}, ${value === undefined ? 'which no rule should set for it' : `the server ${value}`}`,
          fix: `${headers}: ${fix}`,
        })
      }
    }
    for (const { from, to } of redirects) {
      const answer = host(from)
      if (answer.status !== REDIRECT_STATUS || answer.location !== to)
        problems.push({
          file: routes,
          problem: `${name} answers the old URL ${from} with ${answer.status} ${answer.location ?? answer.file}, the server ${REDIRECT_STATUS} ${to}`,
          fix,
        })
    }
    const missing = host('/no-such-page-for-check-site')
    if (missing.status !== 404)
      problems.push({ file: NOT_FOUND_FILE, problem: `${name} answers an unknown path with ${missing.status}`, fix: `build ${NOT_FOUND_FILE}` })
  }
  return problems
}
