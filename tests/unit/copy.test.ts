import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'

// The writing itself: long enough to be useful, and every topic page its own.
const content = await readContent('content')

function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&[a-z#0-9]+;/gi, ' ')
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9$'’–-]+/g) ?? []
}

describe('the site copy', () => {
  it('gives every article at least 800 words', () => {
    for (const post of content.posts) expect(words(plainText(post.html)).length, post.file).toBeGreaterThanOrEqual(800)
  })

  it('gives every topic at least 250 words of supporting copy', () => {
    for (const topic of content.topics) expect(words(plainText(topic.html)).length, topic.file).toBeGreaterThanOrEqual(250)
  })

  it('never repeats a sentence of 12 or more words on two topic pages', () => {
    const firstUse = new Map<string, string>()
    const repeats: string[] = []
    for (const topic of content.topics) {
      const text = [topic.shortAnswer, ...topic.faqs.flatMap((faq) => [faq.q, faq.a]), plainText(topic.html)].join('\n')
      for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
        const key = words(sentence).join(' ')
        if (words(sentence).length < 12) continue
        const other = firstUse.get(key)
        if (other && other !== topic.file) repeats.push(`${other} and ${topic.file}: "${sentence.trim()}"`)
        else firstUse.set(key, topic.file)
      }
    }
    expect(repeats).toEqual([])
  })

  it('has 27 questions in the home FAQ, none asked twice', () => {
    const questions = content.pages.home.faqs.map((faq) => faq.q)
    expect(questions).toHaveLength(27)
    expect(new Set(questions).size).toBe(27)
  })

  it('states the legal facts the spec requires', () => {
    const privacy = plainText(content.pages['privacy-policy'].html)
    const terms = plainText(content.pages['terms-of-service'].html)
    for (const text of [privacy, terms]) expect(text).toContain('September 9, 2025')
    expect(terms).toMatch(/Minnesota/)
    expect(terms).toMatch(/Hennepin County/)
    expect(privacy).toMatch(/18/)
    expect(terms).toMatch(/18/)
  })

  it('turns the upgrade button off on at least one topic and leaves it on for the rest', () => {
    const off = content.topics.filter((topic) => !topic.showUpgradeCTA)
    expect(off.length).toBeGreaterThanOrEqual(1)
    expect(off.length).toBeLessThan(content.topics.length)
  })
})
