import type { PageContextServer } from 'vike/types'
import { APPLICATION_ERROR_TEXT } from '../../components/ErrorBoundary'
import { pageSeo } from '../../lib/node/pages.server'

// The error page has no URL of its own, so no canonical; it is never indexed.
export default async ({ is404, site }: PageContextServer) =>
  is404 === false
    ? { path: null, title: `${APPLICATION_ERROR_TEXT} | ${site.productName}`, description: APPLICATION_ERROR_TEXT, noindex: true }
    : pageSeo('not-found', null, { noindex: true })
