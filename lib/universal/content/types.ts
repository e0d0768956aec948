import type { Site } from '../site'
import type { RasterImage, SocialImage } from '../seo/social'
import type { AuthorEntry, BlogFrontmatter, PageFrontmatter, PageName, TopicFrontmatter } from './schemas'

// The validated content's shapes: what loading the markdown gives the pages and the build.

/** An article's cover, encoded: its markup, and its largest JPEG (or PNG) file with its size, which JSON-LD names. */
export type CoverImage = RasterImage & { html: string }

type Author = AuthorEntry & { id: string }
export type Heading = { id: string; text: string }

/** What an article's "Keep reading" list shows of another article. */
export type RelatedPost = Pick<BlogPost, 'slug' | 'title' | 'description'>

/** An article, its `author` id replaced by that author's entry, with what its page shows beside the text. */
export type BlogPost = Omit<BlogFrontmatter, 'author'> & {
  author: Author
  slug: string
  file: string
  html: string
  /** The body as its markdown twin shows it (lib/node/markdown-twin.server.ts). */
  markdown: string
  coverImage?: CoverImage
  /** The writer's own social image (`image:`), cropped to 1200×630 PNG; without it the build draws the article's card. */
  socialImage?: SocialImage
  readingMinutes: number
  sections: Heading[]
  related: RelatedPost[]
}
export type Topic = TopicFrontmatter & { slug: string; file: string; html: string; markdown: string }
export type SitePage<N extends PageName> = PageFrontmatter<N> & {
  file: string
  html: string
  /** For a page with `sections`: each `## ` section of the body rendered on its own, by id. */
  sectionHtml: Record<string, string>
}
export type SitePages = { [N in PageName]: SitePage<N> }

export interface Content {
  site: Site
  /** Newest first. */
  posts: BlogPost[]
  /** Alphabetical by title. */
  topics: Topic[]
  pages: SitePages
  postsBySlug: ReadonlyMap<string, BlogPost>
  topicsBySlug: ReadonlyMap<string, Topic>
}

/** What a list of topics needs of one topic (its page reads the rest from `file`); `unpublished` marks a draft in `npm run dev`. */
export type TopicEntry = Pick<Topic, (typeof TOPIC_ENTRY_FIELDS)[number]> & { unpublished?: string }

/** The fields of a topic that lists show (TopicEntry): a field added here reaches every list, the build's index and its cache. */
export const TOPIC_ENTRY_FIELDS = ['slug', 'file', 'title', 'summary'] as const

// What a topic page's data leaves out: the head's, the lists' and the build's fields (the body comes as HTML from +prose.tsx); any other field reaches the page.
const TOPIC_OFF_PAGE_FIELDS = ['file', 'html', 'markdown', 'summary', 'metaTitle', 'metaDescription', 'draft', 'date', 'redirectFrom'] as const
export type TopicOnPage = Omit<Topic, (typeof TOPIC_OFF_PAGE_FIELDS)[number]>

export function topicOnPage(topic: Topic): TopicOnPage {
  const shown: Partial<Topic> = { ...topic }
  for (const field of TOPIC_OFF_PAGE_FIELDS) delete shown[field]
  return shown as TopicOnPage
}

/** What a topic page's "Related topics" list shows of another topic. */
export type RelatedTopic = Pick<Topic, 'slug' | 'title' | 'summary'>

/** A content file and the slug it is served under (its name, with `{product}` spelled out). */
export type SlugFile = { slug: string; file: string }

/** All the content validated, with topics as entries: what the build hands to each page. Plain JSON. */
export interface ContentIndex {
  /** Newest first. */
  posts: BlogPost[]
  /** Alphabetical by title. */
  topics: TopicEntry[]
  pages: SitePages
}
