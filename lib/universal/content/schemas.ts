import { z } from 'zod'

// Every frontmatter schema lives here, next to the loader; messages are written for the writer.

function requiredText(what: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `required field is missing (expected ${what})` : `expected ${what}`),
  })
}

export function text(max?: number) {
  const base = requiredText('a non-empty string').trim().min(1, { error: 'expected a non-empty string' })
  if (max === undefined) return base
  return base.max(max, {
    error: (issue) => `expected at most ${max} characters, got ${String(issue.input).length}`,
  })
}

/** True when `YYYY-MM-DD` names a day of the calendar: `2025-02-30` does not (a Date would roll it over to March 2). */
function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

/** A calendar date written YYYY-MM-DD. The frontmatter's YAML keeps it as the text written (lib/node/frontmatter.server.ts). */
export const isoDate = requiredText('a date as YYYY-MM-DD')
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a date as YYYY-MM-DD', abort: true })
  .refine(isRealDate, { error: (issue) => `${String(issue.input)} is not a real date; write YYYY-MM-DD` })

/** `draft: true` keeps a file out of a production build (lib/node/publication.server.ts); `npm run dev` shows it. */
const draft = z.boolean({ error: 'expected true or false' }).optional()

/** An old URL of this site, in the one form the server and the static hosts match: a path, no trailing slash, query, `#` or `.html`. */
const OLD_URL = /^(?:\/[a-z0-9_~-]+(?:\.[a-z0-9_~-]+)*)+$/

/** The old URLs of a page (`redirectFrom: [/blog/old-slug]`), each answered with a 308 to it; the build checks them against every page. */
const redirectFrom = z
  .array(
    z
      .string({ error: 'expected an old URL of this site, such as /blog/old-slug' })
      .regex(OLD_URL, { error: 'expected an old URL of this site, such as /blog/old-slug: lowercase letters, digits, hyphens, underscores and dots, no trailing slash, query or #' })
      .refine((path) => !path.endsWith('.html'), { error: 'write it without .html (the site sends /x.html to /x already)' }),
    { error: 'expected a list of old URLs, such as [/blog/old-slug]' },
  )
  .min(1, { error: 'expected at least one old URL, or no redirectFrom' })
  .optional()

export const META_TITLE_MAX = 60
export const META_DESCRIPTION_MAX = 160

export const blogFrontmatter = z
  .strictObject({
    title: text(META_TITLE_MAX),
    description: text(META_DESCRIPTION_MAX),
    date: isoDate,
    updated: isoDate.optional(),
    /** An image file shown at the top of the article, relative to it (`./cover.png`, `../images/x.png`). */
    cover: text().optional(),
    coverAlt: text().optional(),
    /** A picture of the writer's own to show when the article is shared, instead of its drawn card; cropped to 1200×630. */
    image: text().optional(),
    imageAlt: text().optional(),
    /** An id of content/authors.json; the build checks that it is one. */
    author: requiredText('the id of an author in content/authors.json').trim().min(1, { error: 'expected the id of an author in content/authors.json' }),
    draft,
    redirectFrom,
  })
  .superRefine((post, context) => {
    const issue = (field: string, message: string) => context.addIssue({ code: 'custom', path: [field], message })
    if (post.updated !== undefined && post.updated < post.date) issue('updated', 'expected a date on or after `date`')
    if (post.cover !== undefined && post.coverAlt === undefined) issue('coverAlt', 'required with `cover`: say what the image shows, for readers who cannot see it')
    if (post.coverAlt !== undefined && post.cover === undefined) issue('coverAlt', 'describes a cover, but `cover` is not set')
    if (post.image !== undefined && post.imageAlt === undefined) issue('imageAlt', 'required with `image`: say what the picture shows, for people who cannot see it')
    if (post.imageAlt !== undefined && post.image === undefined) issue('imageAlt', 'describes a social image, but `image` is not set')
  })

const faq = z.strictObject({ q: text(), a: text() }, { error: 'expected an entry with `q` and `a`' })

export const topicFrontmatter = z.strictObject({
  title: text(),
  summary: text(),
  h1: text(),
  shortAnswer: text(),
  metaTitle: text(META_TITLE_MAX),
  metaDescription: text(META_DESCRIPTION_MAX),
  showUpgradeCTA: z.boolean({ error: 'expected true or false' }).default(true),
  faqs: z
    .array(faq, {
      error: (issue) => (issue.input === undefined ? 'required field is missing (expected a list of {q, a})' : 'expected a list of {q, a}'),
    })
    .min(2, { error: 'expected at least two entries' }),
  draft,
  /** Optional: the day the topic goes live; a build before it leaves the topic out. Not shown on the page. */
  date: isoDate.optional(),
  redirectFrom,
})

const SCORE = { error: 'expected a whole number from 0 to 100' }
const score = z.int(SCORE).min(0, SCORE).max(100, SCORE)

function list<T extends z.ZodType>(item: T, min: number, max: number) {
  const count = { error: `expected ${min} to ${max} entries` }
  return z.array(item).min(min, count).max(max, count)
}

/** One id per `## ` section of a page's body, in order: each section is rendered on its own, with that id. */
const sectionIds = z.array(z.string().regex(/^[a-z][a-z0-9-]*$/, { error: 'expected an id of lowercase letters, digits and hyphens' })).min(1)

/** An invented profile's score, shown beside the home page's form and on the cover of the sample report. */
const sampleScore = z.strictObject({
  badge: text(20),
  heading: text(30),
  profile: text(60),
  score,
  outOf: text(20),
  categories: list(z.strictObject({ label: text(16), score }), 3, 6),
  note: text(),
})

/** Three pages of the sample report, drawn as pictures: each field's limit keeps its text on its page. */
const reportPreview = z.strictObject({
  caption: text(),
  cover: z.strictObject({ title: text(24) }),
  headline: z.strictObject({
    title: text(24),
    beforeLabel: text(20),
    before: text(60),
    afterLabel: text(20),
    after: text(80),
    whyLabel: text(24),
    why: list(text(32), 1, 3),
  }),
  fixes: z.strictObject({
    title: text(24),
    topLabel: text(24),
    items: list(text(60), 2, 4),
  }),
})

/** A customer's words, shown as a card at the end of the section whose id is its `kind`. */
const testimonial = z.strictObject({
  kind: z.enum(['score', 'audit'], { error: 'expected score or audit' }),
  quote: text(),
  name: text(40),
  role: text(60),
  niche: text(60),
})

const basePage = {
  title: text(META_TITLE_MAX),
  description: text(META_DESCRIPTION_MAX),
  h1: text(),
  lead: text().optional(),
}

/** What a page fills in itself, per page, in the fields that name them: left as written when the file is read. */
export const PAGE_TOKENS: Partial<Record<'topics', readonly string[]>> = { topics: ['page', 'pages'] }

function pagedField(max: number) {
  return text().superRefine((value, context) => {
    if (!value.includes('{page}')) context.addIssue({ code: 'custom', message: 'expected {page} where the page number goes, as in "Topics, page {page} of {pages}"' })
    const filled = value.replaceAll('{page}', '9999').replaceAll('{pages}', '9999')
    if (filled.length > max) context.addIssue({ code: 'custom', message: `expected at most ${max} characters with {page} and {pages} as 4-digit numbers, got ${filled.length}` })
  })
}

/** The topic index past its first page (/topics/page/2 …): their head and h1, and the words of the nav between the pages. */
const topicsPaging = {
  pagedTitle: pagedField(META_TITLE_MAX),
  pagedDescription: pagedField(META_DESCRIPTION_MAX),
  pagedH1: pagedField(120),
  pagination: z.strictObject({ label: text(60), first: text(20), previous: text(20), next: text(20), last: text(20) }),
}

/** The site's fixed pages, `content/pages/<name>.md`. Each must exist. */
export const pageFrontmatter = {
  home: z.strictObject({
    ...basePage,
    formHeading: text(),
    formIntro: text(),
    /** Figures shown under the hero heading. */
    stats: z.array(z.strictObject({ value: text(), label: text() })).min(1),
    sections: sectionIds,
    sampleScore,
    reportPreview,
    faqHeading: text(),
    faqs: z.array(faq, { error: 'expected a list of {q, a}' }).min(1, { error: 'expected at least one entry' }),
  }),
  blog: z.strictObject(basePage),
  topics: z.strictObject({ ...basePage, ...topicsPaging }),
  testimonials: z.strictObject({ ...basePage, sections: sectionIds, testimonials: z.array(testimonial).min(1) }).superRefine((page, context) => {
    page.testimonials.forEach((quote, index) => {
      if (!page.sections.includes(quote.kind)) {
        context.addIssue({ code: 'custom', path: ['testimonials', index, 'kind'], message: `expected the id of a section of this page (${page.sections.join(', ')})` })
      }
    })
  }),
  'privacy-policy': z.strictObject(basePage),
  'terms-of-service': z.strictObject(basePage),
  'score-confirmation': z.strictObject({
    ...basePage,
    statusSteps: z.array(text()).length(3, { error: 'expected exactly three steps' }),
  }),
  'thank-you': z.strictObject({ ...basePage, intakeButton: text(), customersOnly: text() }),
  redirect: z.strictObject(basePage),
  'not-found': z.strictObject({ ...basePage, homeLink: text() }),
} as const

/** An author's name or role: each is part of one short byline under an article's title. */
export const AUTHOR_BYLINE_MAX = 60
export const AUTHOR_BIO_MAX = 300

/** authors.json is shown as written: a token there would reach the page as `{product}`. */
function plainText(max: number) {
  return text(max).refine((value) => !/\{[A-Za-z]+\}/.test(value), { error: 'tokens such as {product} are not replaced in authors.json; write the words out' })
}

const authorEntry = z.strictObject({
  name: plainText(AUTHOR_BYLINE_MAX),
  role: plainText(AUTHOR_BYLINE_MAX),
  /** Their profile: a page about them on another site (LinkedIn, their own). */
  url: z.url({ protocol: /^https$/, error: 'expected an https:// URL' }),
  bio: plainText(AUTHOR_BIO_MAX).optional(),
})

export const authorsFile = z
  .record(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), authorEntry, {
    error: (issue) => (issue.code === 'invalid_key' ? 'expected an author id of lowercase letters, digits and single hyphens' : 'expected authors by id: { "id": { … } }'),
  })
  .refine((authors) => Object.keys(authors).length > 0, { error: 'expected at least one author' })

export type PageName = keyof typeof pageFrontmatter
export type BlogFrontmatter = z.infer<typeof blogFrontmatter>
export type AuthorEntry = z.infer<typeof authorEntry>
export type Authors = z.infer<typeof authorsFile>
export type TopicFrontmatter = z.infer<typeof topicFrontmatter>
export type PageFrontmatter<N extends PageName> = z.infer<(typeof pageFrontmatter)[N]>
