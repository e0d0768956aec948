import { chromium } from '@playwright/test'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] })
const pages = process.argv.slice(2)
for (const w of [390, 1280]) {
  const p = await b.newPage({ viewport: { width: w, height: 900 } })
  for (const path of pages) {
    await p.goto('http://127.0.0.1:4300' + path, { waitUntil: 'networkidle' })
    for (let y = 0; y < 20000; y += 600) { await p.evaluate((y) => window.scrollTo(0, y), y); await p.waitForTimeout(60) }
    await p.evaluate(() => window.scrollTo(0, 0)); await p.waitForTimeout(300)
    const name = (path === '/' ? 'home' : path.replace(/^\//, '').replace(/[/?=&]/g, '_')) + `-${w}.png`
    await p.screenshot({ path: '/work/shots/' + name, fullPage: true })
    console.log('/work/shots/' + name)
  }
}
await b.close()
