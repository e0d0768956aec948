import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { ReportPreview } from '../../components/ReportPreview'
import { SampleScore } from '../../components/SampleScore'
import { loadContent } from '../../lib/node/content.server'
import { copyProse } from '../../lib/node/pages.server'

// The home page's markdown, plus two drawings from its copy: the sample score beside the form and the
// sample report's pages, which close the audit section. Rendered here, on the server only, they are in
// the HTML and cost the page no JavaScript (its script budget has no room for their code).
export default async (pageContext: PageContextServer) => {
  const prose: Record<string, string> = await copyProse(pageContext)
  if (prose.audit === undefined) throw new Error('content/pages/home.md: sections: the sample report closes the `audit` section, and there is none')
  const { sampleScore, reportPreview } = (await loadContent()).pages.home
  const report = <ReportPreview report={reportPreview} sample={sampleScore} productName={pageContext.site.productName} />
  return { ...prose, sampleScore: renderToStaticMarkup(<SampleScore sample={sampleScore} />), audit: prose.audit + renderToStaticMarkup(report) }
}
