// Run before `npm run build:static-host`, Netlify's and Vercel's build: pages deployed there without
// API_ORIGIN would serve a form whose every lead is lost, so the deploy stops here.
import { API_ORIGIN_ENV, MISSING_API_ORIGIN } from '../pipeline/api-origin'

if ((process.env[API_ORIGIN_ENV] ?? '').trim() === '') {
  console.error(MISSING_API_ORIGIN)
  process.exit(1)
}
