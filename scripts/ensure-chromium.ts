// The browser tests need Debian's Chromium (Playwright cannot download browsers here): installed as root, else the command shown.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const INSTALL = 'apt-get update && apt-get install -y chromium'

if (existsSync(chromePath)) process.exit(0)
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get') || process.env.CHROME_PATH) {
  console.error(`Chromium was not found at ${chromePath}. Install it with:\n\n  sudo ${INSTALL}\n\nor set CHROME_PATH to a Chromium or Chrome binary.`)
  process.exit(1)
}
console.log(`Chromium is missing: running "${INSTALL}"`)
execSync(INSTALL, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
