import { renderToString } from 'react-dom/server'
import type { PageContext } from 'vike/types'
import { FreeScoreForm } from '../components/FreeScoreForm'
import { PageContextProvider } from '../components/pageContext'
import { slot, type FormPage, type ProblemField } from '../lib/universal/form-page'
import { LEAD_FIELDS, type LeadField } from '../lib/universal/lead'
import { renderDocument } from './document'
import { styles } from './stylesheet'

/** The page a refused no-JavaScript post of the form gets, with slots the server fills: the form, the pages' stylesheet, no script. */
export function renderFormPage(pageContext: PageContext, heading: string): FormPage {
  const values = Object.fromEntries(LEAD_FIELDS.map((field) => [field, slot(field)])) as Record<LeadField, string>
  const form = (field: ProblemField) =>
    renderToString(
      <PageContextProvider pageContext={pageContext}>
        <FreeScoreForm refused={{ values, problem: { field: field === 'none' ? null : field, message: slot('message') }, returnQuery: slot('return_query') }} />
      </PageContextProvider>,
    )
  const bodyHtml = renderToString(
    <main id="main" className="section narrow">
      <section className="card form-card">
        <h1>{heading}</h1>
        {slot('form')}
      </section>
    </main>,
  )
  const headHtml = `<meta name="robots" content="noindex">\n    <title>${slot('message')}</title>`
  return {
    page: renderDocument({ lang: pageContext.site.lang, styles, headHtml, bodyHtml }),
    forms: Object.fromEntries([...LEAD_FIELDS, 'none' as const].map((field) => [field, form(field)])) as FormPage['forms'],
  }
}
