// `npm run build:static-host` runs this before the build, as Netlify's (netlify.toml) and Vercel's build
// command: pages deployed there without API_ORIGIN would serve a form whose every lead is lost, so the
// deploy stops here with one line instead. A bad value is refused by the build itself (pipeline/api-origin.ts).
import { API_ORIGIN_ENV, MISSING_API_ORIGIN } from '../pipeline/api-origin'

if ((process.env[API_ORIGIN_ENV] ?? '').trim() === '') {
  console.error(MISSING_API_ORIGIN)
  process.exit(1)
}
