// The check of the built pages' structured data: every JSON-LD block parses, names schema.org, and has
// the fields its type needs.
import { problemList, type Problem, type SiteCheckInput } from './checked-page'

type Json = Record<string, unknown>

const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]/.test(value)
const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim().length > 0

/** What a JSON-LD item of a given type must contain; each returns the missing or wrong fields. */
const REQUIRED_FIELDS: Record<string, (item: Json) => string[]> = {
  FAQPage: (item) => {
    const questions = item.mainEntity
    if (!Array.isArray(questions) || questions.length === 0) return ['mainEntity (a list of Question)']
    return questions.flatMap((question: Json, index) => {
      const answer = question.acceptedAnswer as Json | undefined
      const wrong: string[] = []
      if (question['@type'] !== 'Question' || !nonEmpty(question.name)) wrong.push(`mainEntity[${index}] (a Question with a name)`)
      if (answer?.['@type'] !== 'Answer' || !nonEmpty(answer.text)) wrong.push(`mainEntity[${index}].acceptedAnswer (an Answer with text)`)
      return wrong
    })
  },
  BreadcrumbList: (item) => {
    const items = item.itemListElement
    if (!Array.isArray(items) || items.length === 0) return ['itemListElement (a list of ListItem)']
    return items.flatMap((crumb: Json, index) =>
      crumb.position !== index + 1 || !nonEmpty(crumb.name) || !isAbsoluteUrl(crumb.item)
        ? [`itemListElement[${index}] (position ${index + 1}, a name and an absolute URL)`]
        : [],
    )
  },
  BlogPosting: (item) => ['headline', 'datePublished', 'author'].filter((field) => !item[field]),
  Organization: (item) => ['name', 'url'].filter((field) => !item[field]),
  WebSite: (item) => ['name', 'url'].filter((field) => !item[field]),
  Blog: (item) => ['name', 'url'].filter((field) => !item[field]),
  CollectionPage: (item) => (Array.isArray((item.mainEntity as Json | undefined)?.itemListElement) ? [] : ['mainEntity.itemListElement (an ItemList)']),
}

/** 9. Every JSON-LD block parses and has the fields its type needs. */
export function checkJsonLd(input: SiteCheckInput): Problem[] {
  const { problems, add } = problemList()
  for (const page of input.pages) {
    for (const script of page.doc.querySelectorAll('script[type="application/ld+json"]')) {
      let data: Json
      try {
        data = JSON.parse(script.text) as Json
      } catch (error) {
        add(page.file, `JSON-LD does not parse: ${(error as Error).message}`, 'serialize structured data with serializeJsonLd')
        continue
      }
      if (data['@context'] !== 'https://schema.org')
        add(page.file, 'JSON-LD has no "@context": "https://schema.org"', 'build it with the lib/universal/seo/json-ld builders')
      const items = Array.isArray(data['@graph']) ? (data['@graph'] as Json[]) : [data]
      for (const item of items) {
        const type = String(item['@type'])
        const missing = REQUIRED_FIELDS[type]?.(item) ?? []
        if (missing.length > 0) add(page.file, `${type} JSON-LD lacks ${missing.join(', ')}`, `fill those fields in the ${type} builder's input`)
      }
    }
  }
  return problems
}
