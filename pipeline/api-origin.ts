// API_ORIGIN: where Netlify and Vercel proxy `/api/*`, so the browser posts to its own origin and the CSP and same-origin check hold.
import { isLoopbackHost } from '../lib/universal/loopback'

export const API_ORIGIN_ENV = 'API_ORIGIN'

/** Why `npm run build:static-host` stops: without the variable every lead sent from those pages is lost. */
export const MISSING_API_ORIGIN = `${API_ORIGIN_ENV} is not set: on Netlify and Vercel the pages need it to send leads to the API (see README, Deploying)`

/** Only an https origin (http on loopback): a path, query or credentials would be pasted into every proxied URL, and http carries leads in clear. */
export function apiOriginOf(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const refuse = (why: string): never => {
    throw new Error(`${API_ORIGIN_ENV} must be an https origin such as https://api.example.com (http only on a loopback address), ${why}: "${value}"`)
  }
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return refuse('not a URL')
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) refuse(`not ${url.protocol.slice(0, -1)}`)
  if (url.username !== '' || url.password !== '') refuse('with no user or password')
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(value)) refuse('with no path, query or fragment')
  return url.origin
}
