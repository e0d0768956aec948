// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // `blog.html`, not `blog/index.html`: static hosts serve `/blog` as it is rather than redirect to `/blog/`.
  prerender: { noExtraDir: true, disableAutoRun: true, keepDistServer: true },
  clientRouting: false,
  passToClient: ['site', 'ui', 'buildYear', 'is404'],
  meta: {
    seo: { env: { server: true } },
    // `+prose.ts`: the page's markdown rendered to HTML, kept out of the client payload.
    prose: { env: { server: true } },
    // `copy` in a page's +config.ts: which content/pages/<name>.md the shared pages/+data, +seo and +prose read.
    copy: { env: { server: true } },
    // `noindex` in a page's +config.ts: keeps the page out of search indexes and the sitemap.
    noindex: { env: { server: true } },
  },
} satisfies Config
