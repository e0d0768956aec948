import { statSync } from 'node:fs'
import { Feed } from 'feed'
import { parse } from 'node-html-parser'
import { FEEDS, type FeedFormat } from '../universal/alternates'
import type { BlogPost } from '../universal/content/types'
import { articlePath } from '../universal/content/routes'
import { absoluteUrl } from '../universal/seo/url'
import type { Site } from '../universal/site'

// The blog's feeds, RSS 2.0, Atom and JSON Feed, made by the `feed` package from the articles the build publishes.

const URL_ATTRIBUTES = ['href', 'src', 'poster'] as const

/** Every URL made absolute: a feed is read away from the site, where `/topics/x`, `#anchor` and `/assets/images/…` would lead nowhere. */
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

/** A cover's file is the fallback every browser shows: a JPEG or (with transparent pixels) a PNG. */
const coverType = (path: string) => (path.endsWith('.png') ? 'image/png' : 'image/jpeg')

/** Every date is the articles', so the same articles give the same bytes; `today` dates an empty feed. An RSS enclosure asks for `imageBytes`. */
export function blogFeeds(
  posts: readonly BlogPost[],
  site: Site,
  blog: { title: string; description: string },
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

/** `feed` types an Atom enclosure by its extension, `image/jpg`, which is no type: a JPEG cover's link gets `image/jpeg`, as RSS has it. */
function withJpegType(atom: string, covers: string[]): string {
  let text = atom
  for (const href of new Set(covers)) {
    if (coverType(href) === 'image/jpeg') text = text.replaceAll(`href="${href}" type="image/jpg"`, `href="${href}" type="image/jpeg"`)
  }
  return text
}
