import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { ReportPreview } from '../../components/ReportPreview'
import { SampleScore } from '../../components/SampleScore'
import { loadContent } from '../../lib/node/content-index.server'
import { copyProse } from '../../lib/node/pages.server'
import { homeReportSheets } from './report-sheets'

// The home page's markdown, plus the sample score and report's pages, drawn on the server only so they cost the page no JavaScript.
export default async (pageContext: PageContextServer) => {
  const prose: Record<string, string> = await copyProse(pageContext)
  if (prose.audit === undefined) throw new Error('content/pages/home.md: sections: the sample report closes the `audit` section, and there is none')
  const home = (await loadContent()).pages.home
  const report = <ReportPreview caption={home.reportPreview.caption} sheets={homeReportSheets(home, pageContext.site.productName)} />
  return { ...prose, sampleScore: renderToStaticMarkup(<SampleScore sample={home.sampleScore} />), audit: prose.audit + renderToStaticMarkup(report) }
}
