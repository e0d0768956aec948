import { statSync } from 'node:fs'
import { Feed } from 'feed'
import { parse } from 'node-html-parser'
import { FEEDS, type FeedFormat } from '../universal/alternates'
import type { BlogPost } from '../universal/content/types'
import { articlePath } from '../universal/content/routes'
import { absoluteUrl } from '../universal/seo/url'
import type { Site } from '../universal/site'

// The blog's feeds, RSS 2.0, Atom and JSON Feed, made by the `feed` package from the articles the build publishes.

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
interface BlogListing {
  title: string
  description: string
}

/** A `YYYY-MM-DD` day as the instant it starts, UTC. */
const dayStart = (date: string) => new Date(`${date}T00:00:00Z`)

/** `imageBytes` for blogFeeds: the size of the file `fileOf` finds for a site path; undefined when there is none. */
export function fileSizes(fileOf: (path: string) => string): (path: string) => number | undefined {
  return (path) => {
    try {
      return statSync(fileOf(path)).size
    } catch {
      return undefined
    }
  }
}

/** The type of a cover's file: the fallback every browser shows, a JPEG or (with transparent pixels) a PNG. */
const coverType = (path: string) => (path.endsWith('.png') ? 'image/png' : 'image/jpeg')

/**
 * The three feeds, as file text by format, for `posts` newest first. Every date is taken from the
 * articles, so the same articles always give the same bytes; `today` dates an empty feed. `imageBytes`
 * gives a cover's file size, which an RSS enclosure asks for (0 when unknown).
 */
export function blogFeeds(
  posts: readonly BlogPost[],
  site: Site,
  blog: BlogListing,
  today: string,
  imageBytes: (path: string) => number | undefined = () => undefined,
): Record<FeedFormat, string> {
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
      // Not JSON Feed's `banner_image`: the cover is in `content` already, which a reader would show twice.
      ...(post.coverImage && { image: { url: url(post.coverImage.url), type: coverType(post.coverImage.url), length: imageBytes(post.coverImage.url) ?? 0 } }),
    })
  }
  const covers = posts.flatMap((post) => (post.coverImage ? [url(post.coverImage.url)] : []))
  return { rss: feed.rss2(), atom: withJpegType(feed.atom1(), covers), json: feed.json1() }
}

/**
 * The `feed` package types an Atom enclosure by its file's extension, `image/jpg`, which is no type: each
 * JPEG cover's link is given `image/jpeg`, as RSS has it. `covers` are the covers' absolute URLs.
 */
function withJpegType(atom: string, covers: string[]): string {
  let text = atom
  for (const href of new Set(covers)) {
    if (coverType(href) === 'image/jpeg') text = text.replaceAll(`href="${href}" type="image/jpg"`, `href="${href}" type="image/jpeg"`)
  }
  return text
}
