import type { BlogPost, SitePages, TopicEntry } from '../universal/content/types'
import { articlePath, topicPath } from '../universal/content/routes'
import { absoluteUrl } from '../universal/seo/url'
import type { Site } from '../universal/site'
import { plainText } from './markdown-twin.server'

// `/llms.txt` (https://llmstxt.org): the site for a language model; the legal pages under `## Optional`, which a model short of room may skip.

interface LlmsTxtInput {
  site: Site
  pages: Pick<SitePages, 'home' | 'testimonials' | 'blog' | 'topics' | 'privacy-policy' | 'terms-of-service'>
  /** Newest first. */
  posts: ReadonlyArray<Pick<BlogPost, 'slug' | 'title' | 'description'>>
  /** By title. */
  topics: ReadonlyArray<Pick<TopicEntry, 'slug' | 'title' | 'summary'>>
}

/** llms.txt, line by line: written to its file as it is made, so ten thousand topics cost no big string. */
export function* llmsTxtLines({ site, pages, posts, topics }: LlmsTxtInput): Generator<string> {
  const line = (title: string, path: string, description: string) =>
    `- [${plainText(title)}](${absoluteUrl(path, site.siteUrl)}): ${description.replace(/\s+/g, ' ').trim()}\n`
  const { home, testimonials, blog } = pages
  yield `# ${plainText(site.productName)}\n\n`
  yield `> ${home.description}\n\n`
  if (home.lead) yield `${home.lead}\n\n`
  yield `Each article and topic below has a markdown version at its URL plus \`.md\`. New articles are announced in the blog's feeds (${absoluteUrl('/rss.xml', site.siteUrl)}).\n\n`
  yield '## Offer\n\n'
  yield line(home.h1, '/', home.description)
  yield line(testimonials.h1, '/testimonials', testimonials.description)
  yield '\n## Articles\n\n'
  yield line(blog.h1, '/blog', blog.description)
  for (const post of posts) yield line(post.title, articlePath(post.slug), post.description)
  yield '\n## Topics\n\n'
  yield line(pages.topics.h1, '/topics', pages.topics.description)
  for (const topic of topics) yield line(topic.title, topicPath(topic.slug), topic.summary)
  yield '\n## Optional\n\n'
  yield line(pages['privacy-policy'].h1, '/privacy-policy', pages['privacy-policy'].description)
  yield line(pages['terms-of-service'].h1, '/terms-of-service', pages['terms-of-service'].description)
}
