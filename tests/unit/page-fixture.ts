// The pages as Vike resolves them (each one's +Page, +data, and its +config, +seo and +prose, its own or
// inherited), and one of them rendered with its real hooks from a content folder, as the prerender does.
import type { PageContextServer } from 'vike/types'
import { loadSite } from '../../lib/node/site.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import { data as copyData } from '../../pages/+data'
import copyProse from '../../pages/+prose'
import copySeo from '../../pages/+seo'
import ArticlePage from '../../pages/blog/@slug/+Page'
import { data as articleData } from '../../pages/blog/@slug/+data'
import articleProse from '../../pages/blog/@slug/+prose'
import articleSeo from '../../pages/blog/@slug/+seo'
import BlogPage from '../../pages/blog/index/+Page'
import blogConfig from '../../pages/blog/index/+config'
import { data as blogData } from '../../pages/blog/index/+data'
import blogSeo from '../../pages/blog/index/+seo'
import TestimonialsPage from '../../pages/testimonials/+Page'
import testimonialsConfig from '../../pages/testimonials/+config'
import testimonialsProse from '../../pages/testimonials/+prose'
import ThankYouPage from '../../pages/thank-you/+Page'
import thankYouConfig from '../../pages/thank-you/+config'
import TopicPage from '../../pages/topics/@slug/+Page'
import { data as topicData } from '../../pages/topics/@slug/+data'
import topicProse from '../../pages/topics/@slug/+prose'
import topicSeo from '../../pages/topics/@slug/+seo'
import TopicsIndexPage from '../../pages/topics/index/+Page'
import topicsIndexConfig from '../../pages/topics/index/+config'
import { data as topicsIndexData } from '../../pages/topics/index/+data'
import topicsIndexSeo from '../../pages/topics/index/+seo'
import { renderPageDocument } from '../../renderer/renderPage'

export interface PageModule {
  Page: unknown
  data: (pageContext: PageContextServer) => Promise<unknown>
  config: Record<string, unknown>
}

export const ARTICLE: PageModule = { Page: ArticlePage, data: articleData, config: { seo: articleSeo, prose: articleProse } }
export const TOPIC: PageModule = { Page: TopicPage, data: topicData, config: { seo: topicSeo, prose: topicProse } }
export const BLOG: PageModule = { Page: BlogPage, data: blogData, config: { ...blogConfig, seo: blogSeo, prose: copyProse } }
export const TOPICS: PageModule = { Page: TopicsIndexPage, data: topicsIndexData, config: { ...topicsIndexConfig, seo: topicsIndexSeo, prose: copyProse } }
export const THANK_YOU: PageModule = { Page: ThankYouPage, data: copyData, config: { ...thankYouConfig, seo: copySeo, prose: copyProse } }
/** The hooks of an article's and a topic's page that look up its entry: each answers 404 for an entry not published. */
export const ARTICLE_HOOKS = [articleData, articleSeo, articleProse]
export const TOPIC_HOOKS = [topicData, topicSeo, topicProse]
export const TESTIMONIALS: PageModule = { Page: TestimonialsPage, data: copyData, config: { ...testimonialsConfig, seo: copySeo, prose: testimonialsProse } }

/** The pageContext a page's hooks are given for `url`, with the content in `dir` (CONTENT_DIR, which the hooks read); `extra` is what the build adds. */
export function pageContextFor(dir: string, url: string, config: Record<string, unknown>, routeParams: Record<string, string> = {}, extra = {}) {
  process.env.CONTENT_DIR = dir
  const urlPathname = new URL(url, 'http://localhost').pathname
  const context = { routeParams, urlOriginal: url, urlPathname, config, site: loadSite(dir), ui: loadUiText(dir), buildYear: 2026, ...extra }
  return context as unknown as PageContextServer
}

/** One page rendered with its real hooks from the content in `dir`: its HTML, and the data its +data gave. */
export async function renderPage<Data = unknown>(dir: string, url: string, page: PageModule, routeParams: Record<string, string> = {}, extra = {}) {
  const base = pageContextFor(dir, url, page.config, routeParams, extra)
  const data = (await page.data(base)) as Data
  return { html: (await renderPageDocument({ ...base, Page: page.Page, data } as unknown as PageContextServer)).html, data }
}
