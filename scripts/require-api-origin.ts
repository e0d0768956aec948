// Before `npm run build:static-host`: pages on Netlify or Vercel without API_ORIGIN would lose every lead.
import { API_ORIGIN_ENV, MISSING_API_ORIGIN } from '../pipeline/api-origin'

if ((process.env[API_ORIGIN_ENV] ?? '').trim() === '') {
  console.error(MISSING_API_ORIGIN)
  process.exit(1)
}
