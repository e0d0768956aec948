import { reportSheets, type ReportSheet } from '../../components/ReportPreview'
import { loadContent } from '../../lib/node/content-index.server'
import { sheetPath } from '../../lib/node/report-sheets.server'
import { loadSite } from '../../lib/node/site.server'
import type { SitePages } from '../../lib/universal/content/types'

/** Each sheet of the home page's sample report, drawn from its copy, with the path it is served at. */
export function homeReportSheets(home: SitePages['home'], productName: string): Array<ReportSheet & { src: string }> {
  return reportSheets({ report: home.reportPreview, sample: home.sampleScore, productName }).map((sheet) => ({ ...sheet, src: sheetPath(sheet) }))
}

/** In `npm run dev`: the SVG served at `path`, drawn from the content now; undefined when no sheet is (a stale URL, a problem). */
export async function devReportSheet(path: string): Promise<string | undefined> {
  const { home } = (await loadContent()).pages
  if (!home) return undefined
  return homeReportSheets(home, loadSite().productName).find((sheet) => sheet.src === path)?.svg
}
