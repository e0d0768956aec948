import { z } from 'zod'
import { pageFrontmatter, type PageName } from './content/schemas'
import { LEAD_INPUT_TEXTS, type LeadInputText } from './lead'

// The copy every page shares (header, footer, buttons, form labels, the error view): content/layout.json.
const label = z.string({ error: 'expected a non-empty string' }).trim().min(1, { error: 'expected a non-empty string' })
const link = z.strictObject({
  href: z.string().regex(/^(\/|https:\/\/|mailto:)/, { error: 'expected a path starting with / or an https:// or mailto: URL' }),
  label,
})

export const uiTextSchema = z.strictObject({
  skipLink: label,
  menu: z.strictObject({ open: label, close: label }),
  nav: z.array(link).min(1),
  headerCta: link,
  footer: z.strictObject({
    tagline: label,
    columns: z.array(z.strictObject({ heading: label, links: z.array(link).min(1) })).min(1),
    supportHeading: label,
    supportNote: label,
    socialHeading: label,
    social: z.strictObject({ linkedin: label, x: label, instagram: label }),
  }),
  cta: z.strictObject({ freeScore: label, upgrade: label, articleHeading: label, articleText: label }),
  /** Each lead field's label and placeholder, by the keys its definition names (lib/universal/lead.ts), and the button's words. */
  form: z.strictObject({
    ...(Object.fromEntries(LEAD_INPUT_TEXTS.map((key) => [key, label])) as Record<LeadInputText, typeof label>),
    submit: label,
    sending: label,
    privacyNote: label,
  }),
  /** `related` heads the topics a topic page links to at its end. */
  topic: z.strictObject({ breadcrumbHome: label, breadcrumbTopics: label, shortAnswer: label, faqHeading: label, related: label }),
  /** `by` leads an article's byline (By <name>, <role>); `readingTime` follows its dates, {minutes} replaced by the number. */
  blog: z.strictObject({
    back: label,
    updated: label,
    readArticle: label,
    breadcrumbBlog: label,
    by: label,
    aboutAuthor: label,
    readingTime: label.refine((text) => text.includes('{minutes}'), {
      error: 'expected {minutes} where the number of minutes goes, as in "{minutes} min read"',
    }),
    contents: label,
    keepReading: label,
  }),
  /** The label over the title of a page's social card, by kind of page; a fixed page left out gets a card without one. */
  card: z.strictObject({
    article: label,
    topic: label,
    pages: z.partialRecord(z.enum(Object.keys(pageFrontmatter) as PageName[], { error: 'expected the name of a file of content/pages/' }), label),
  }),
  /** What a page that fails to render shows (the error boundary, the error page): `text`, a link home labelled `homeLink`, then `retry`. */
  error: z.strictObject({ heading: label, text: label, homeLink: label, retry: label }),
  /** The search: `results` and `oneResult` announce a count ({count}, {query} replaced); `needsBuild` replaces `unavailable` in `npm run dev`, which has no index. */
  search: z.strictObject({
    open: label,
    heading: label,
    label,
    placeholder: label,
    close: label,
    loading: label,
    results: label.refine((text) => text.includes('{count}'), { error: 'expected {count} where the number of results goes' }),
    oneResult: label,
    noResults: label,
    unavailable: label,
    needsBuild: label,
  }),
  toasts: z.strictObject({
    dismiss: label,
    offline: z.strictObject({ title: label, text: label }),
    online: z.strictObject({ title: label, text: label }),
  }),
})

export type UiText = z.infer<typeof uiTextSchema>
