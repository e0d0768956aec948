// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // Every route is rendered to static HTML at build time, one file per page (`blog.html`, not `blog/index.html`):
  // static hosts then serve `/blog` as it is, where a folder index would be redirected to `/blog/`.
  prerender: { noExtraDir: true, disableAutoRun: true, keepDistServer: true },
  // Server routing (MPA): every page is a full document, so each keeps its own data and head.
  clientRouting: false,
  passToClient: ['site', 'ui', 'buildYear', 'is404'],
  meta: {
    // `+seo.ts` in a page folder: a function of the pageContext returning the page's PageSeo.
    seo: { env: { server: true } },
    // `+prose.ts`: the page's markdown rendered to HTML, kept out of the client payload (see components/Prose.tsx).
    prose: { env: { server: true } },
    // `copy` in a page's +config.ts: which content/pages/<name>.md the shared pages/+data, +seo and +prose read.
    copy: { env: { server: true } },
    // `noindex` in a page's +config.ts: keeps the page out of search indexes and the sitemap (read by pages/+seo.ts).
    noindex: { env: { server: true } },
  },
} satisfies Config
