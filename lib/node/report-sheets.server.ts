import { createHash } from 'node:crypto'
import type { ViteDevServer } from 'vite'
import { ASSETS_PREFIX } from '../universal/routes.ts' // with its extension: vite.config.ts loads this module

// The home page's sample report sheets as SVG files, rather than 17 KB of data: URLs in the HTML of every visit.

export const REPORT_SHEETS_URL = `${ASSETS_PREFIX}report/`

/** Named by the digest of its bytes, so that a changed sheet gets a new URL. */
export function sheetPath({ name, svg }: { name: string; svg: string }): string {
  return `${REPORT_SHEETS_URL}${name}.${createHash('sha256').update(svg).digest('hex').slice(0, 10)}.svg`
}

/** Their drawing is React code lib/ may not import, so it is loaded as pages are. */
export function serveReportSheetsInDev(server: ViteDevServer): void {
  server.middlewares.use(REPORT_SHEETS_URL, (request, response, next) => {
    const path = `${REPORT_SHEETS_URL}${(request.url ?? '').slice(1).split('?')[0]}`
    server
      .ssrLoadModule('/pages/index/report-sheets.ts')
      .then((module) => (module as { devReportSheet: (path: string) => Promise<string | undefined> }).devReportSheet(path))
      .then((svg) => {
        if (svg === undefined) return next()
        response.setHeader('Content-Type', 'image/svg+xml')
        response.setHeader('Cache-Control', 'no-cache')
        response.end(svg)
      }, next)
  })
}
