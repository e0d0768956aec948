import { Feed } from 'feed'
import { parse } from 'node-html-parser'
import { FEEDS, type FeedFormat } from '../universal/alternates'
import type { BlogPost } from '../universal/content/types'
import { articlePath } from '../universal/seo/article'
import { absoluteUrl } from '../universal/seo/url'
import type { Site } from '../universal/site'

// The blog's feeds, RSS 2.0, Atom and JSON Feed, made by the `feed` package from the articles the
// build publishes: each with its title, link, dates, description and whole text as HTML.

/** The attributes of the article HTML that hold a URL, or a list of them (`srcset`). */
const URL_ATTRIBUTES = ['href', 'src', 'poster'] as const

/**
 * An article's HTML with every URL absolute: a feed is read away from the site, where `/topics/x`,
 * `#anchor` and `/assets/images/…` would lead nowhere. Links to other sites are left as they are.
 */
export function absoluteHtml(html: string, pageUrl: string): string {
  const root = parse(html)
  const absolute = (value: string) => {
    try {
      return new URL(value, pageUrl).href
    } catch {
      return value
    }
  }
  for (const element of root.querySelectorAll('[href], [src], [poster], [srcset]')) {
    for (const name of URL_ATTRIBUTES) {
      const value = element.getAttribute(name)
      if (value !== undefined) element.setAttribute(name, absolute(value))
    }
    const srcset = element.getAttribute('srcset')
    if (srcset !== undefined) {
      const candidates = srcset.split(',').map((candidate) => candidate.trim().split(/\s+/))
      element.setAttribute('srcset', candidates.map(([url = '', ...descriptor]) => [absolute(url), ...descriptor].join(' ')).join(', '))
    }
  }
  return root.toString()
}

/** What a feed says of the blog itself: the /blog page's copy. */
export interface BlogListing {
  title: string
  description: string
}

/** A `YYYY-MM-DD` day as the instant it starts, UTC. */
const dayStart = (date: string) => new Date(`${date}T00:00:00Z`)

/**
 * The three feeds, as file text by format, for `posts` newest first. Every date is taken from the
 * articles (the feed's `updated` is its newest article's), so the same articles always give the same
 * bytes; with no article, `today` (YYYY-MM-DD) dates the empty feeds.
 */
export function blogFeeds(posts: readonly BlogPost[], site: Site, blog: BlogListing, today: string): Record<FeedFormat, string> {
  const url = (path: string) => absoluteUrl(path, site.siteUrl)
  const changed = (post: BlogPost) => post.updated ?? post.date
  const newest = posts.map(changed).sort().at(-1) ?? today
  const feed = new Feed({
    id: url('/blog'),
    link: url('/blog'),
    title: blog.title,
    description: blog.description,
    language: site.lang,
    updated: dayStart(newest),
    favicon: url('/favicon.svg'),
    feedLinks: Object.fromEntries(FEEDS.map((format) => [format.format, url(format.path)])),
  })
  for (const post of posts) {
    const link = url(articlePath(post.slug))
    const cover = post.coverImage ? absoluteHtml(post.coverImage.html, link) : ''
    feed.addItem({
      id: link,
      link,
      title: post.title,
      description: post.description,
      content: cover + absoluteHtml(post.html, link),
      date: dayStart(changed(post)),
      published: dayStart(post.date),
      author: [{ name: post.author.name, link: post.author.url }],
    })
  }
  return { rss: feed.rss2(), atom: feed.atom1(), json: feed.json1() }
}
