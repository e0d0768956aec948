import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { readTopic } from '../../lib/node/content-files.server'
import { parseFrontmatter } from '../../lib/node/frontmatter.server'
import { loadRelatedTopics } from '../../lib/node/content-index.server'
import { chooseRelated, relatedTopics, termsOf, topicWordsOf, withRelatedPosts, type TopicWords } from '../../lib/node/related.server'
import type { BlogPost } from '../../lib/universal/content/types'
import { contentCopy, fixtureContent, tempDir, topicMarkdown, writeFile } from './content-fixture'

const entry = (text: string, linkable = true) => ({ text, linkable })

describe('chooseRelated', () => {
  it('picks the entries that share the most telling words, most alike first, never the entry itself', () => {
    const entries = [
      entry('LinkedIn headline rewrite for coaches'),
      entry('Banner design for agency owners'),
      entry('Headline rewrite examples for coaches'),
      entry('Agency owners and their banner'),
      entry('Coaches: a headline checklist'),
      entry('Privacy policy'),
    ]
    const chosen = chooseRelated(entries, 2)
    expect(chosen.slice(0, 4).map((list) => list[0])).toEqual([2, 3, 0, 1])
    chosen.forEach((list, index) => {
      expect(list).toHaveLength(2)
      expect(list).not.toContain(index)
      expect(new Set(list).size).toBe(2)
    })
  })

  it('gives the same lists for the same entries, whatever ran before', () => {
    const entries = Array.from({ length: 50 }, (_, n) => entry(`word${n % 7} word${n % 5} word${n % 3} shared`))
    const copies = entries.map((e) => ({ ...e }))
    expect(chooseRelated(entries, 3)).toEqual(chooseRelated(copies, 3))
  })

  it('never names an entry that may not be linked to (a draft, a scheduled one), and still gives it a list', () => {
    const entries = [entry('audit tool for coaches'), entry('audit tool for coaches, draft', false), entry('audit for founders'), entry('tool for founders')]
    const chosen = chooseRelated(entries, 2)
    for (const list of chosen) expect(list).not.toContain(1)
    expect(chosen[1]).toHaveLength(2)
  })

  it('fills a list from the entries after it, round the end, when too few share a word', () => {
    const entries = [entry('alpha'), entry('bravo'), entry('charlie'), entry('delta')]
    expect(chooseRelated(entries, 2)).toEqual([
      [1, 2],
      [2, 3],
      [3, 0],
      [0, 1],
    ])
  })

  it('leaves no linkable entry that no list names', () => {
    // By likeness alone, 0 and 1 name each other, 2 names 0, and each entry with no shared word the one after it:
    // nothing names 2 or 3. Each takes the last place of a list whose entry another list names too.
    const entries = [entry('alpha beta'), entry('alpha beta'), entry('alpha'), ...[3, 4, 5, 6, 7].map((n) => entry(`word${n}`))]
    const chosen = chooseRelated(entries, 1)
    expect(chosen[0]).toEqual([1])
    expect(chosen[2]).toEqual([0])
    const named = new Set(chosen.flat())
    expect(entries.map((_, index) => index).filter((index) => !named.has(index))).toEqual([])
  })

  it('ignores the words most entries have, so they do not make every entry alike', () => {
    expect(termsOf('The coaches’ LinkedIn profiles')).toEqual(['coach', 'linkedin', 'profile'])
    const entries = [entry('linkedin linkedin coaches'), entry('linkedin founders'), entry('linkedin founders hiring'), entry('linkedin coaches niche')]
    expect(chooseRelated(entries, 1)).toEqual([[3], [2], [1], [0]])
  })
})

describe('related articles and topics', () => {
  const words = (title: string, summary: string, extra: Partial<TopicWords> = {}): TopicWords => ({ title, summary, h1: title, ...extra })

  it('names no draft and no topic dated after the build', () => {
    const topics = [
      { slug: 'a', words: words('Audit for coaches', 'Coaches audit') },
      { slug: 'b', words: words('Audit for coaches, drafted', 'Coaches audit', { draft: true }) },
      { slug: 'c', words: words('Audit for coaches, next year', 'Coaches audit', { date: '2031-01-01' }) },
      { slug: 'd', words: words('Audit for founders', 'Founders audit') },
      { slug: 'e', words: undefined },
    ]
    const lists = relatedTopics(topics, { today: '2030-06-01' })
    for (const list of lists) expect(list.map((topic) => topic.slug).filter((slug) => ['b', 'c', 'e'].includes(slug))).toEqual([])
    expect(lists[0]).toEqual([{ slug: 'd', title: 'Audit for founders', summary: 'Founders audit' }])
    // Once its date has come, the scheduled topic is named.
    expect(relatedTopics(topics, { today: '2031-01-01' })[0]!.map((topic) => topic.slug)).toContain('c')
  })

  it('gives every real topic three other topics by subject, each named by at least one other page', () => {
    const related = loadRelatedTopics(fixtureContent())
    const slugs = readdirSync(join(fixtureContent(), 'topics')).filter((name) => name.endsWith('.md'))
    expect(related.size).toBe(slugs.length)
    const named = new Set<string>()
    for (const [slug, list] of related) {
      expect(list, slug).toHaveLength(3)
      expect(list.map((topic) => topic.slug)).not.toContain(slug)
      for (const topic of list) {
        expect(related.has(topic.slug)).toBe(true)
        named.add(topic.slug)
      }
    }
    expect([...related.keys()].filter((slug) => !named.has(slug))).toEqual([])
    // By subject: the coaches pages to each other, the product pages to each other.
    const slugsOf = (slug: string) => related.get(slug)!.map((topic) => topic.slug)
    expect(slugsOf('linkedin-audit-for-coaches')).toContain('linkedin-authority-for-coaches')
    expect(slugsOf('linkedin-authority-for-coaches')).toContain('linkedin-audit-for-coaches')
    expect(slugsOf('what-is-authoritylens')).toContain('authoritylens-vs-ssi')
    expect(slugsOf('linkedin-audit-for-agency-owners')).toContain('linkedin-authority-for-agency-teams')
  })

  it('gives every real article two other articles, and names every article somewhere', async () => {
    const { posts } = await readContent(fixtureContent())
    const named = new Set<string>()
    for (const post of posts) {
      expect(post.related, post.file).toHaveLength(2)
      expect(post.related.map((other) => other.slug)).not.toContain(post.slug)
      for (const other of post.related) named.add(other.slug)
    }
    expect(posts.filter((post) => !named.has(post.slug))).toEqual([])
  })

  it('names no article dated after the build among related articles', () => {
    const post = (slug: string, title: string, date: string) => ({ slug, title, description: title, date }) as unknown as Omit<BlogPost, 'related'>
    const posts = [post('new', 'Audit coaches', '2031-01-01'), post('b', 'Audit coaches founders', '2025-01-02'), post('c', 'Audit founders', '2025-01-01')]
    const related = withRelatedPosts(posts, () => '', '2030-01-01').map((item) => item.related.map((other) => other.slug))
    expect(related).toEqual([['b', 'c'], ['c'], ['b']])
    expect(withRelatedPosts(posts, () => '', '2031-01-01')[1]!.related.map((other) => other.slug)).toContain('new')
  })
})

describe('the topic words read before any topic page is rendered', () => {
  const tokens = { product: 'AuthorityLens' }
  const wordsOf = (text: string) => {
    const { parsed } = readTopic({ slug: 'x', file: 'topics/x.md' }, tokens, text)
    return parsed && topicWordsOf(parsed.data)
  }

  it('are what the YAML parser reads, for every real topic file and for generated ones', () => {
    const dir = tempDir('topics-')
    execFileSync(process.execPath, ['scripts/bench/gen-topics.mjs', '200', dir], { stdio: 'ignore' })
    const files = [
      ...readdirSync(join(fixtureContent(), 'topics')).map((name) => join(fixtureContent(), 'topics', name)),
      ...readdirSync(dir).map((name) => join(dir, name)),
    ]
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      const { title, summary, h1 } = parseFrontmatter(text).data as { title: string; summary: string; h1: string }
      expect(wordsOf(text), file).toEqual({
        title: title.replace('{product}', 'AuthorityLens'),
        summary: summary.replace('{product}', 'AuthorityLens'),
        h1: h1.replace('{product}', 'AuthorityLens'),
      })
    }
  })

  it('reads draft: true and a date as written, and replaces tokens in the title, summary and heading', () => {
    const text = topicMarkdown({
      title: 'title: "{product} vs SSI"',
      summary: 'summary: What {product} is.',
      h1: 'h1: "{product} or SSI?"',
      draft: 'draft: true',
      date: 'date: 2026-01-05',
    })
    expect(wordsOf(text)).toEqual({
      title: 'AuthorityLens vs SSI',
      summary: 'What AuthorityLens is.',
      h1: 'AuthorityLens or SSI?',
      draft: true,
      date: '2026-01-05',
    })
  })

  it('are none for a file whose frontmatter does not parse or lacks a title (its page says why)', () => {
    expect(wordsOf('---\ntitle: "unclosed\nsummary: x\n---\nBody.\n')).toBeUndefined()
    expect(wordsOf(topicMarkdown({ title: null }))).toBeUndefined()
  })

  it('in npm run dev, come from the topic files as they are now', () => {
    const dir = contentCopy()
    writeFile(
      dir,
      'topics/coaches-discovery-calls.md',
      topicMarkdown({ title: 'title: Discovery calls for coaches', summary: 'summary: Coaches book discovery calls.' }),
    )
    const related = loadRelatedTopics(dir)
    expect(related.get('linkedin-audit-for-coaches')!.map((topic) => topic.slug)).toContain('coaches-discovery-calls')
  })
})
