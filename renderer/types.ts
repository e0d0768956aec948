// Aliased: inside `namespace Vike` the name PageContextServer is the augmentation below, not Vike's full type.
import type { PageContextServer as ServerPageContext } from 'vike/types'
import type { ProseBlocks } from '../components/Prose'
import type { BuildSettings } from '../lib/node/build-settings.server'
import type { PageName } from '../lib/universal/content/schemas'
import type { ContentIndex, RelatedTopic, Topic } from '../lib/universal/content/types'
import type { HeadFacts, PageSeo } from '../lib/universal/seo/head'
import type { FormPage } from '../lib/universal/form-page'
import type { UiText } from '../lib/universal/ui-text'
import type { Site } from '../lib/universal/site'

declare global {
  namespace Vike {
    interface Config {
      seo?: (pageContext: ServerPageContext) => PageSeo | Promise<PageSeo>
      /** Server-only rendered markdown, by block name; it is in the HTML but never serialized for the client. */
      prose?: (pageContext: ServerPageContext) => ProseBlocks | Promise<ProseBlocks>
      copy?: PageName
      noindex?: boolean
    }
    interface PageContext {
      site: Site
      ui: UiText
      /** The year the site was built, for the copyright line (the same on server and client). */
      buildYear: number
    }
    // Between the build's render workers (pipeline/render-worker.ts) and the renderer only: never on the client.
    interface PageContextServer {
      /** Set by onRenderHtml: what the page's head says, for the build's sitemap. */
      headFacts?: HeadFacts
      /** Given by the build for a topic page: the topic it has just read, and the related topics it chose from every topic. */
      builtTopic?: Topic
      builtRelated?: readonly RelatedTopic[]
      /** Set by the home page's onRenderHtml: the page its form's refused posts get, which the build writes for the server. */
      formPage?: FormPage
      /** Given by the build for any other page: the content index it validated, which every list of content shows. */
      builtIndex?: ContentIndex
      /** Given by the build with every page it renders: the day it publishes for, whether it draws cards, the drawing's digest. */
      buildSettings?: BuildSettings
    }
  }
}

export {}
