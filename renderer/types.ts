import type { PageContextServer } from 'vike/types'
import type { Topic } from '../lib/content/load'
import type { HeadFacts, PageSeo } from '../lib/seo/head'
import type { Layout } from '../lib/layout'
import type { Site } from '../lib/site'

export type Prose = Record<string, string>

declare global {
  namespace Vike {
    interface Config {
      seo?: (pageContext: PageContextServer) => PageSeo | Promise<PageSeo>
      /** Server-only rendered markdown, by block name; it is in the HTML but never serialized for the client. */
      prose?: (pageContext: PageContextServer) => Prose | Promise<Prose>
    }
    interface PageContext {
      site: Site
      /** The copy every page shares: header, footer, buttons, labels. */
      layout: Layout
      /** The year the site was built, for the copyright line (the same on server and client). */
      buildYear: number
      /** Set by onRenderHtml on the server: what the page's head says, for the build's sitemap. */
      headFacts?: HeadFacts
    }
    interface PageContextServer {
      /** Given by the build when it renders a topic page: the topic it has just read and validated, so the page does not read it again. */
      builtTopic?: Topic
    }
  }
}

export {}
