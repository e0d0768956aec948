import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPORT_SHEETS_URL } from '../lib/node/report-sheets.server'
import type { SitePages } from '../lib/universal/content/types'
import { homeReportSheets } from '../pages/index/report-sheets'

/**
 * Writes the home page's sample report sheets into the site, at the paths the page names them by; every
 * build, since a home page taken from the cache names them too. Returns their paths.
 */
export function writeReportSheets(clientDir: string, home: SitePages['home'], productName: string): string[] {
  mkdirSync(join(clientDir, REPORT_SHEETS_URL), { recursive: true })
  return homeReportSheets(home, productName).map(({ src, svg }) => {
    writeFileSync(join(clientDir, src), svg)
    return src
  })
}
