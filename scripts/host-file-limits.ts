// How many files each static host with a documented limit would upload of a built site, and the
// problem check:site reports when a build passes that limit.
import { HOST_RULE_FILES } from '../lib/universal/routes'
import { ASSETS_IGNORE } from '../pipeline/host-files'
import { escapeRegExp } from './host-rules'

/** A problem check:site reports of a static host: the file it is in, what is wrong, and how to put it right. */
export interface HostProblem {
  file: string
  problem: string
  fix: string
}

/** A gitignore pattern of `.assetsignore` without a slash, as Workers static assets match it: against a file's name, in any folder. */
const ignorePattern = (pattern: string) => new RegExp(`(^|/)${pattern.split('*').map(escapeRegExp).join('[^/]*')}$`)
const assetsIgnored = ASSETS_IGNORE.map(ignorePattern)

/** Whether `wrangler deploy` uploads a file of the client folder as a Workers static asset: neither a rule file nor one `.assetsignore` lists. */
export const uploadedToWorkers = (file: string) =>
  !(HOST_RULE_FILES as readonly string[]).includes(file) && !assetsIgnored.some((pattern) => pattern.test(file))

/**
 * How many files a deployment may hold, where the host documents it (free plan): Cloudflare Pages
 * uploads every file but its two rule files; Workers static assets leave out `.assetsignore`'s too.
 * Netlify and Vercel document no file count for a deployment, so none is checked for them.
 */
export const FILE_LIMITS = [
  { host: 'Cloudflare Pages', limit: 20_000, uploads: (file: string) => file !== '_headers' && file !== '_redirects' },
  { host: 'Workers static assets', limit: 20_000, uploads: uploadedToWorkers },
] as const

/** The files of the client folder (relative, forward slashes) each host with a file limit would upload, and that limit. */
export function fileCounts(files: Iterable<string>): Array<{ host: string; count: number; limit: number }> {
  const all = [...files]
  return FILE_LIMITS.map(({ host, limit, uploads }) => ({ host, count: all.filter(uploads).length, limit }))
}

/** One problem per host whose file limit the client folder passes, naming the count and the limit. */
export function checkFileLimits(files: Iterable<string>): HostProblem[] {
  return fileCounts(files)
    .filter(({ count, limit }) => count > limit)
    .map(({ host, count, limit }) => ({
      file: '.',
      problem: `${count.toLocaleString('en-US')} files: ${host} takes at most ${limit.toLocaleString('en-US')} a deployment (free plan)`,
      fix: 'fewer files (pages, twins, report sheets), or a paid plan whose limit is higher; the Node server, Netlify and Vercel serve them all',
    }))
}

/** The file counts as check:site's host line prints them: `1,234 files; limit 20,000 on Cloudflare Pages, …`. */
export function fileCountSummary(files: Iterable<string>): string {
  const counts = fileCounts(files)
  const number = (value: number) => value.toLocaleString('en-US')
  return `${counts.map(({ host, count, limit }) => `${number(count)} files of ${number(limit)} on ${host}`).join(', ')}; no documented limit checked on Netlify and Vercel`
}
