import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkUnpublished, unpublishedContent } from '../../lib/checks/publication-checks'
import { readContent } from '../../lib/node/content.server'
import { buildDate, imagesShown, leftOutSummary, publicationOf, unpublishedNote, type LeftOut, type Publishing } from '../../lib/node/publication.server'
import { answererOf, redirectLimitWarning, redirectsOf } from '../../lib/node/redirects.server'
import { articleMarkdown, contentCopy, FIXTURE_ENTRIES, topicMarkdown, writeFile, contentProblems } from './content-fixture'

// Drafts, scheduled entries and old URLs, from the content read: what a build leaves out, why, and what
// it refuses. The build itself is held to the same in incremental-build.test.ts, the server in server.test.ts.

/** The day the fixtures are read on: the scheduled ones are dated after it. */
const BEFORE: Publishing = { today: '2027-01-04', showUnpublished: false }
const ON_THE_DAY: Publishing = { today: '2027-01-05', showUnpublished: false }

/** The test content plus a draft article, an article dated 2027-01-05, a draft topic and a topic dated 2027-01-05. */
function fixture(): string {
  const dir = contentCopy()
  writeFile(dir, 'blog/draft-post.md', articleMarkdown({ title: 'title: A draft article', draft: 'draft: true' }))
  writeFile(dir, 'blog/future-post.md', articleMarkdown({ title: 'title: A future article', date: 'date: 2027-01-05' }))
  writeFile(dir, 'topics/draft-topic.md', topicMarkdown({ draft: 'draft: true' }))
  writeFile(dir, 'topics/future-topic.md', topicMarkdown({ date: 'date: 2027-01-05' }))
  return dir
}

function problemsIn(dir: string, publishing: Publishing = BEFORE): Promise<string[]> {
  return contentProblems(() => readContent(dir, undefined, undefined, undefined, publishing))
}

describe('the build date', () => {
  it('is BUILD_DATE when set, else today (UTC); a BUILD_DATE that is not a real YYYY-MM-DD date is refused, naming the variable', () => {
    expect(buildDate({ BUILD_DATE: '2027-01-05' })).toBe('2027-01-05')
    expect(buildDate({}, new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-01')
    expect(() => buildDate({ BUILD_DATE: '2027-02-30' })).toThrow('BUILD_DATE=2027-02-30: expected a real date as YYYY-MM-DD')
    expect(() => buildDate({ BUILD_DATE: '5 Jan 2027' })).toThrow('BUILD_DATE=5 Jan 2027')
  })

  it('publishes an entry dated on or before it; a draft never', () => {
    expect(publicationOf({ date: '2027-01-05' }, '2027-01-04')).toBe('scheduled')
    expect(publicationOf({ date: '2027-01-05' }, '2027-01-05')).toBe('published')
    expect(publicationOf({ draft: true, date: '2020-01-01' }, '2027-01-05')).toBe('draft')
    expect(publicationOf({}, '2027-01-05')).toBe('published')
  })
})

describe('a content read', () => {
  it('leaves out drafts and entries dated after its day, saying why; shows a scheduled one from its date on, and all with showUnpublished (npm run dev)', async () => {
    const dir = fixture()
    const published = readdirSync(join(FIXTURE_ENTRIES, 'blog')).length
    const content = await readContent(dir, undefined, undefined, undefined, BEFORE)
    const slugs = [...content.posts, ...content.topics].map((entry) => entry.slug)
    for (const slug of ['draft-post', 'future-post', 'draft-topic', 'future-topic']) expect(slugs).not.toContain(slug)
    expect(content.posts).toHaveLength(published)
    expect(content.leftOut.map(({ path, why, date }) => ({ path, why, date }))).toEqual([
      { path: '/blog/draft-post', why: 'draft', date: undefined },
      { path: '/blog/future-post', why: 'scheduled', date: '2027-01-05' },
      { path: '/topics/draft-topic', why: 'draft', date: undefined },
      { path: '/topics/future-topic', why: 'scheduled', date: '2027-01-05' },
    ])
    const onTheDay = await readContent(dir, undefined, undefined, undefined, ON_THE_DAY)
    expect(onTheDay.postsBySlug.has('future-post')).toBe(true)
    expect(onTheDay.topicsBySlug.has('future-topic')).toBe(true)
    expect(onTheDay.leftOut.map((entry) => entry.path)).toEqual(['/blog/draft-post', '/topics/draft-topic'])
    const dev = await readContent(dir, undefined, undefined, undefined, { ...BEFORE, showUnpublished: true })
    expect(dev.posts).toHaveLength(published + 2)
    expect(dev.leftOut).toEqual([])
  })

  it('validates a draft too: its problems fail the read, so it is ready when draft: true goes', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'blog/draft-post.md', articleMarkdown({ draft: 'draft: yes', description: null }))
    const topic = writeFile(dir, 'topics/later.md', topicMarkdown({ date: 'date: 2027-02-30' }))
    expect(await problemsIn(dir)).toEqual([
      `${file}: description: required field is missing (expected a non-empty string)`,
      `${file}: draft: expected true or false`,
      `${topic}: date: 2027-02-30 is not a real date; write YYYY-MM-DD`,
    ])
  })

  it('fails on a link from a published page to a draft or a scheduled page, naming the line, the file and why', async () => {
    const dir = fixture()
    const file = writeFile(
      dir,
      'topics/linking.md',
      topicMarkdown({}, 'Read [the draft](../blog/draft-post.md).\n\nAnd [the next one](./future-topic.md#faq).\n'),
    )
    expect(await problemsIn(dir)).toEqual([
      `${file}:14: link to ../blog/draft-post.md leads to a page this build leaves out (${dir}/blog/draft-post.md: draft); link to it once it is published`,
      `${file}:16: link to ./future-topic.md#faq leads to a page this build leaves out (${dir}/topics/future-topic.md: scheduled for 2027-01-05); link to it once it is published`,
    ])
    // On its date the scheduled page is there; the draft never is.
    expect(await problemsIn(dir, ON_THE_DAY)).toHaveLength(1)
  })

  it('lets a draft link to another draft or scheduled page, but not to a page that does not exist', async () => {
    const dir = fixture()
    const file = writeFile(
      dir,
      'blog/draft-post.md',
      articleMarkdown({ draft: 'draft: true' }, 'See [the topic](../topics/draft-topic.md), [soon](./future-post.md) and [gone](./gone.md).\n'),
    )
    expect(await problemsIn(dir)).toEqual([`${file}:8: link to ./gone.md leads nowhere (no ${dir}/blog/gone.md)`])
  })
})

describe('old URLs (redirectFrom)', () => {
  it('are read from an article and a topic, each leading to its page', async () => {
    const dir = contentCopy()
    writeFile(dir, 'blog/moved.md', articleMarkdown({ redirectFrom: 'redirectFrom: [/blog/old-slug, /old-article]' }))
    writeFile(dir, 'topics/moved.md', topicMarkdown({ redirectFrom: 'redirectFrom:\n  - /topics/old-topic' }))
    const content = await readContent(dir, undefined, undefined, undefined, BEFORE)
    expect(content.postsBySlug.get('moved')!.redirectFrom).toEqual(['/blog/old-slug', '/old-article'])
    expect(content.topicsBySlug.get('moved')!.redirectFrom).toEqual(['/topics/old-topic'])
  })

  it('must each be one path of this site, written as its pages are, and fail when one is the page itself, another page, a route, listed twice, or already another page’s', async () => {
    const dir = contentCopy()
    const file = writeFile(
      dir,
      'blog/moved.md',
      articleMarkdown({ redirectFrom: 'redirectFrom: [/blog/old/, https://x.test/a, /Blog/Old, /blog/old.html, /a?b=1]' }),
    )
    const single = writeFile(dir, 'topics/moved.md', topicMarkdown({ redirectFrom: 'redirectFrom: /topics/old' }))
    const a = writeFile(
      dir,
      'blog/a-moved.md',
      articleMarkdown({
        redirectFrom: 'redirectFrom: [/blog/a-moved, /topics/linkedin-proof-signals, /testimonials, /r/old, /api/x, /favicon.svg, /old, /old]',
      }),
    )
    const b = writeFile(dir, 'topics/b-moved.md', topicMarkdown({ redirectFrom: 'redirectFrom: [/old, /b-old]' }))
    const shape =
      'expected an old URL of this site, such as /blog/old-slug: lowercase letters, digits, hyphens, underscores and dots, no trailing slash, query or #'
    const hidden = 'which a redirect would hide; remove it from redirectFrom, or remove that first'
    expect(await problemsIn(dir)).toEqual([
      `${file}: redirectFrom[1]: ${shape}`,
      `${file}: redirectFrom[2]: ${shape}`,
      `${file}: redirectFrom[3]: ${shape}`,
      `${file}: redirectFrom[4]: write it without .html (the site sends /x.html to /x already)`,
      `${file}: redirectFrom[5]: ${shape}`,
      `${single}: redirectFrom: expected a list of old URLs, such as [/blog/old-slug]`,
      `${a}: redirectFrom[1]: /blog/a-moved is this page's own URL; list only the URLs it had before`,
      `${a}: redirectFrom[2]: /topics/linkedin-proof-signals is the page of ${dir}/topics/linkedin-proof-signals.md, ${hidden}`,
      `${a}: redirectFrom[3]: /testimonials is the page /testimonials, ${hidden}`,
      `${a}: redirectFrom[4]: /r/old is /r and every path under it (Any /r/<code> gets the referral shell; it reads the code from the address bar), ${hidden}`,
      `${a}: redirectFrom[5]: /api/x is the API (/api/*), ${hidden}`,
      `${a}: redirectFrom[6]: /favicon.svg is the file public/favicon.svg, ${hidden}`,
      `${a}: redirectFrom[8]: /old is listed twice; keep one`,
      `${b}: redirectFrom[1]: /old already leads to /blog/a-moved (${a}); an old URL can lead to one page only`,
    ])
  })

  it('are no place to link to: a link to one fails, naming the page to link instead', async () => {
    const dir = contentCopy()
    writeFile(dir, 'blog/moved.md', articleMarkdown({ redirectFrom: 'redirectFrom: [/blog/old-slug]' }))
    const file = writeFile(dir, 'topics/linking.md', topicMarkdown({}, 'Read [the old one](/blog/old-slug).\n'))
    expect(await problemsIn(dir)).toEqual([`${file}:14: link to /blog/old-slug leads to an old URL of /blog/moved; link to /blog/moved itself`])
  })

  it('of a page left out fail the read: they would lead to a 404', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'blog/later.md', articleMarkdown({ date: 'date: 2027-01-05', redirectFrom: 'redirectFrom: [/blog/earlier]' }))
    expect(await problemsIn(dir)).toEqual([
      `${file}: redirectFrom: this page is left out of this build (scheduled for 2027-01-05), so /blog/earlier would lead nowhere; add redirectFrom when the page is published`,
    ])
    expect(await problemsIn(dir, ON_THE_DAY)).toEqual([])
  })

  it('are sorted by old URL, whatever the order of the files, so an incremental build writes what a fresh one does', () => {
    const pages = [
      { file: 'content/topics/b.md', path: '/topics/b', redirectFrom: ['/z-old', '/a-old'] },
      { file: 'content/blog/a.md', path: '/blog/a', redirectFrom: ['/m-old'] },
    ]
    const answerer = answererOf(new Map([['/topics/b', 'content/topics/b.md']]))
    const expected = [
      { from: '/a-old', to: '/topics/b' },
      { from: '/m-old', to: '/blog/a' },
      { from: '/z-old', to: '/topics/b' },
    ]
    expect(redirectsOf(pages, [], answerer)).toEqual({ redirects: expected, problems: [] })
    expect(redirectsOf([...pages].reverse(), [], answerer).redirects).toEqual(expected)
  })

  it('past 2,000 make the build say which hosts apply fewer', () => {
    expect(redirectLimitWarning(2000)).toBeUndefined()
    expect(redirectLimitWarning(10000)).toBe(
      '10,000 old URLs (redirectFrom): more than the 2,000 static redirects Cloudflare Pages applies (Vercel: 2,048 routes). The Node server and Netlify answer them all; on Cloudflare or Vercel, load redirects.json into their bulk redirects, or remove old URLs no one visits',
    )
  })
})

describe('the build summary of what was left out', () => {
  it('names each file and why, by file, and counts those past twenty', () => {
    const leftOut: LeftOut[] = [
      { file: 'content/blog/y.md', path: '/blog/y', why: 'scheduled', date: '2027-01-05' },
      { file: 'content/blog/x.md', path: '/blog/x', why: 'draft' },
    ]
    expect(leftOutSummary(leftOut)).toBe('left out 2: content/blog/x.md (draft), content/blog/y.md (scheduled for 2027-01-05)')
    expect(leftOutSummary([])).toBeUndefined()
    // Past twenty files, it counts those it does not name.
    const many: LeftOut[] = Array.from({ length: 25 }, (_, index) => ({
      file: `content/topics/t-${String(index).padStart(2, '0')}.md`,
      path: '/topics/t',
      why: 'draft',
    }))
    expect(leftOutSummary(many)).toMatch(/^left out 25: content\/topics\/t-00\.md \(draft\), .*content\/topics\/t-19\.md \(draft\) and 5 more$/)
  })
})

describe('npm run dev’s mark on an unpublished page', () => {
  it('says draft or scheduled, and nothing for a published page', () => {
    expect(unpublishedNote({ draft: true }, '2027-01-04')).toContain('<strong>Draft.</strong>')
    expect(unpublishedNote({ date: '2027-01-05' }, '2027-01-04')).toContain('<strong>Scheduled for 2027-01-05.</strong>')
    expect(unpublishedNote({ date: '2027-01-05' }, '2027-01-05')).toBe('')
  })
})

describe('the images a build publishes', () => {
  it('are those the shown articles and pages name: an image only a draft shows is not published', () => {
    const names = ['chart-800.abc.avif', 'draft-only-800.def.avif']
    const shown = { posts: [{ html: '<img src="/assets/images/chart-800.abc.avif">' }], pages: { home: { html: '<p>Home</p>' } } }
    expect(imagesShown(names, shown)).toEqual(['chart-800.abc.avif'])
  })
})

describe('check:site’s look for drafts and scheduled entries', () => {
  it('finds them in the content itself, for the build’s day', () => {
    const dir = fixture()
    expect(unpublishedContent(dir, '2027-01-04', 'AuthorityLens').map(({ path, why }) => `${path} ${why}`)).toEqual([
      '/blog/draft-post draft',
      '/blog/future-post scheduled',
      '/topics/draft-topic draft',
      '/topics/future-topic scheduled',
    ])
    expect(unpublishedContent(dir, '2027-01-05', 'AuthorityLens').map(({ path }) => path)).toEqual(['/blog/draft-post', '/topics/draft-topic'])
  })

  it('names every file that names one or is named after one, and nothing else', () => {
    const unpublished: LeftOut[] = [
      { file: 'content/blog/x.md', path: '/blog/x', why: 'draft' },
      { file: 'content/topics/y.md', path: '/topics/y', why: 'scheduled', date: '2027-01-05' },
    ]
    const texts: Record<string, string> = {
      'blog.html': '<a href="/blog/x-y">a published page whose slug starts the same</a><a href="/blog/x">leak</a>',
      'sitemap.xml': '<url><loc>https://example.test/topics/y</loc></url>',
      _redirects: '/old /blog/x 308',
      'topics.html': '<a href="/topics/yes">fine</a>',
      'blog/x.md': '# the markdown twin',
      'assets/cards/topics/y.png': '',
    }
    const problems = checkUnpublished(unpublished, Object.keys(texts), (file) => texts[file]!)
    expect(problems.map(({ file, problem }) => `${file}: ${problem}`)).toEqual([
      'blog.html: names /blog/x, the page of content/blog/x.md, which this build leaves out (draft)',
      'sitemap.xml: names /topics/y, the page of content/topics/y.md, which this build leaves out (scheduled for 2027-01-05)',
      '_redirects: names /blog/x, the page of content/blog/x.md, which this build leaves out (draft)',
      'blog/x.md: is named after /blog/x, the page of content/blog/x.md, which this build leaves out (draft)',
      'assets/cards/topics/y.png: is named after /topics/y, the page of content/topics/y.md, which this build leaves out (scheduled for 2027-01-05)',
    ])
  })
})
