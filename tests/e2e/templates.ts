import { readFileSync } from 'node:fs'
import { parseBudgets, sampleTemplates } from '../../lib/checks/lighthouse-budgets'
import { siteContent } from './fixtures'

const content = await siteContent()
/** The articles whose page shows a content image: a cover, or an image in the text. */
const withImage = new Set(content.posts.filter((post) => post.coverImage || post.html.includes('/assets/images/')).map((post) => `/blog/${post.slug}`))

/**
 * One URL of every page template: the same list the Lighthouse budgets are checked on, an article or
 * topic template measured on the page `npm run check:lighthouse` picks from the same content.
 */
export const TEMPLATES = sampleTemplates(parseBudgets(JSON.parse(readFileSync('lighthouse.budgets.json', 'utf8'))).templates, {
  paths: [...content.posts.map((post) => `/blog/${post.slug}`), ...content.topics.map((topic) => `/topics/${topic.slug}`)],
  showsImage: (path) => withImage.has(path),
}).measured

export const WIDTHS = [390, 1280] as const
