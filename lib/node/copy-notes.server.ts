import type { Content } from '../universal/content/types'

// Notes check:content reports without failing (a short new article may still ship); search engines read shared copy as duplicate pages.

const ARTICLE_MIN_WORDS = 800
const TOPIC_MIN_WORDS = 250
/** A sentence this long found on two topic pages is copy, not a common phrase. */
const SHARED_SENTENCE_MIN_WORDS = 12

function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&[a-z#0-9]+;/gi, ' ')
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}$'’–-]+/gu) ?? []
}

export function copyNotes(content: Pick<Content, 'posts' | 'topics'>): string[] {
  const notes: string[] = []
  for (const post of content.posts) {
    const count = words(plainText(post.html)).length
    if (count < ARTICLE_MIN_WORDS) notes.push(`${post.file}: ${count} words; an article usually has ${ARTICLE_MIN_WORDS} or more`)
  }
  const firstUse = new Map<string, string>()
  /** Keyed by both names: one note per pair, not per sentence. */
  const shared = new Map<string, { file: string; other: string; sentences: string[] }>()
  for (const topic of content.topics) {
    const copy = plainText(topic.html)
    const count = words(copy).length
    if (count < TOPIC_MIN_WORDS) notes.push(`${topic.file}: ${count} words of supporting copy; a topic usually has ${TOPIC_MIN_WORDS} or more`)
    const text = [topic.shortAnswer, ...topic.faqs.flatMap((faq) => [faq.q, faq.a]), copy].join('\n')
    for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
      const sentenceWords = words(sentence)
      if (sentenceWords.length < SHARED_SENTENCE_MIN_WORDS) continue
      const key = sentenceWords.join(' ')
      const other = firstUse.get(key)
      if (!other) firstUse.set(key, topic.file)
      if (!other || other === topic.file) continue
      const pair = `${topic.file}\n${other}`
      if (!shared.has(pair)) shared.set(pair, { file: topic.file, other, sentences: [] })
      shared.get(pair)!.sentences.push(sentence.trim().replace(/\s+/g, ' '))
    }
  }
  for (const { file, other, sentences } of shared.values()) {
    const count = sentences.length === 1 ? 'a sentence' : `${sentences.length} sentences`
    notes.push(`${file}: ${count} also on ${other}, such as "${sentences[0]}"`)
  }
  return notes
}
