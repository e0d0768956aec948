import { FEEDS, MARKDOWN_TYPE } from '../alternates'
import type { Site } from '../site'
import { absoluteUrl } from './url'

/**
 * The `<link rel="alternate">` tags of a page's head: the blog's three feeds on every page, so a feed
 * reader finds them from any URL of the site, and the page's markdown twin when it has one. `escape`
 * is the head's attribute escaping.
 */
export function alternateLinks(markdownPath: string | undefined, site: Site, escape: (value: string) => string): string[] {
  const link = (type: string, href: string, title?: string) =>
    `<link rel="alternate" type="${type}"${title === undefined ? '' : ` title="${escape(title)}"`} href="${escape(absoluteUrl(href, site.siteUrl))}">`
  return [
    ...FEEDS.map((feed) => link(feed.type, feed.path, `${site.productName} blog (${feed.name})`)),
    ...(markdownPath === undefined ? [] : [link(MARKDOWN_TYPE, markdownPath)]),
  ]
}
