// The "related" links: the pages whose words a page shares most, by TF-IDF cosine; the same text always gives the same links.
import type { BlogPost, RelatedPost, RelatedTopic, Topic } from '../universal/content/types'
import { buildDate, publicationOf } from './publication.server'

const RELATED_POSTS = 2
const RELATED_TOPICS = 3

/** By title (counted twice: it says in a few words what the article is about), description and text; `posts` in site order, which breaks ties. */
export function withRelatedPosts<P extends Omit<BlogPost, 'related'>>(
  posts: readonly P[],
  textOf: (post: P) => string,
  today = buildDate(),
): Array<P & { related: RelatedPost[] }> {
  const chosen = chooseRelated(
    posts.map((post) => ({ text: `${post.title} ${post.title} ${post.description} ${textOf(post)}`, linkable: publicationOf(post, today) === 'published' })),
    RELATED_POSTS,
  )
  return posts.map((post, index) => ({
    ...post,
    related: chosen[index]!.map((other) => {
      const { slug, title, description } = posts[other]!
      return { slug, title, description }
    }),
  }))
}

export type TopicWords = Pick<Topic, 'title' | 'summary' | 'h1' | 'draft' | 'date'>

/** A fresh copy: the YAML parser's strings are slices of the whole file, and would keep its text alive. */
export function topicWordsOf({ title, summary, h1, draft, date }: TopicWords): TopicWords {
  return JSON.parse(JSON.stringify({ title, summary, h1, draft, date })) as TopicWords
}

/** By title (counted twice) and summary; `topics` in slug order; one without words (not valid) is neither given nor named. */
export function relatedTopics(
  topics: ReadonlyArray<{ slug: string; words: TopicWords | undefined }>,
  { today = buildDate(), remembered = (_, choose) => choose() }: { today?: string; remembered?: Remembered } = {},
): RelatedTopic[][] {
  const entries = topics.map(({ words }) => ({
    text: words ? `${words.title} ${words.title} ${words.summary}` : '',
    linkable: words !== undefined && publicationOf(words, today) === 'published',
  }))
  const chosen = remembered(entries, () => chooseRelated(entries, RELATED_TOPICS))
  return chosen.map((list) =>
    list.map((other) => {
      const { slug, words } = topics[other]!
      return { slug, title: words!.title, summary: words!.summary }
    }),
  )
}

/** The choice for these entries as a cache holds it, or else `choose()`'s (which the cache then keeps). */
export type Remembered = (entries: readonly Comparable[], choose: () => number[][]) => number[][]

/** `linkable`: false for a draft or a scheduled entry. */
type Comparable = { text: string; linkable: boolean }

/** Words that say nothing about what a page is about. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could did do ' +
    'does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just ' +
    'me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their ' +
    'theirs them then there these they this those through to too under until up very was we were what when where which while who whom why ' +
    'will with would you your yours yourself one two get gets got make makes made use using used what whats youre dont doesnt isnt cant ' +
    'also still every much many way ways'
  ).split(' '),
)

/** An English plural made singular: `coaches` → `coach`, `profiles` → `profile`. */
function stem(word: string): string {
  if (word.length < 4 || !word.endsWith('s')) return word
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`
  if (word.endsWith('es') && word.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2)
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word
  return word.slice(0, -1)
}

/** A word, with the apostrophes inside it (`coach’s`, `don't`); the second only for text all ASCII, which it reads twice as fast. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu
const ASCII_WORD = /[a-z0-9]+(?:'[a-z0-9]+)*/g
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/

export function termsOf(text: string): string[] {
  const lower = text.toLowerCase()
  const pattern = ASCII.test(lower) ? ASCII_WORD : WORD
  pattern.lastIndex = 0
  const terms: string[] = []
  for (let match = pattern.exec(lower); match; match = pattern.exec(lower)) {
    const word = match[0].includes("'") || match[0].includes('’') ? match[0].replace(/['’]/g, '') : match[0]
    if (word.length > 1 && !STOP_WORDS.has(word)) terms.push(stem(word))
  }
  return terms
}

/** Past this share of the linkable entries a word is in, it tells them apart too little to count ("LinkedIn" here); it also bounds the work. */
const MAX_SHARE = 0.5
/** However many entries there are, a word in more than this many is not compared on: it keeps the choice near-linear. */
const MAX_POSTINGS = 400

/** Weights (1 + ln tf) × ln(N / df); ties and unfilled places go by order from after the entry itself, so no one entry fills every list. */
export function chooseRelated(entries: readonly Comparable[], count: number): number[][] {
  const linkable = entries.flatMap((entry, index) => (entry.linkable ? [index] : []))
  // Each entry's words as ids of one vocabulary, with how often each occurs: no word is kept per entry.
  const vocabulary = new Map<string, number>()
  const idOf = (term: string) => {
    let id = vocabulary.get(term)
    if (id === undefined) vocabulary.set(term, (id = vocabulary.size))
    return id
  }
  const counted = entries.map((entry) => countIds(Int32Array.from(termsOf(entry.text), idOf).sort()))
  // Document frequency over the linkable entries: they are the collection an entry is compared with.
  const df = new Int32Array(vocabulary.size)
  for (const index of linkable) for (const id of counted[index]!.ids) df[id]!++
  const maxDf = Math.min(MAX_POSTINGS, Math.max(1, Math.floor(linkable.length * MAX_SHARE)))
  // Each entry's weights, unit length, over the words that count.
  const vectors = counted.map(({ ids, tf }) => {
    const kept: number[] = []
    const weights: number[] = []
    ids.forEach((id, k) => {
      if (df[id]! < 2 || df[id]! > maxDf) return
      kept.push(id)
      weights.push((1 + Math.log(tf[k]!)) * Math.log(linkable.length / df[id]!))
    })
    const norm = Math.sqrt(weights.reduce((sum, weight) => sum + weight * weight, 0)) || 1
    return { ids: Int32Array.from(kept), weights: Float64Array.from(weights, (weight) => weight / norm) }
  })
  // The inverted index: for each term, the linkable entries that have it and their weight for it, in flat arrays.
  const terms = vocabulary.size
  const starts = new Int32Array(terms + 1)
  for (const index of linkable) for (const id of vectors[index]!.ids) starts[id + 1]!++
  for (let id = 0; id < terms; id++) starts[id + 1]! += starts[id]!
  const postingEntry = new Int32Array(starts[terms]!)
  const postingWeight = new Float64Array(starts[terms]!)
  const filled = starts.slice(0, terms)
  for (const index of linkable) {
    const { ids, weights } = vectors[index]!
    ids.forEach((id, k) => {
      postingEntry[filled[id]!] = index
      postingWeight[filled[id]!++] = weights[k]!
    })
  }

  const scores = new Float64Array(entries.length)
  const position = new Int32Array(entries.length).fill(-1)
  linkable.forEach((index, k) => (position[index] = k))
  const touched: number[] = []
  const chosen = entries.map((_, index) => {
    const { ids, weights } = vectors[index]!
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!
      for (let p = starts[id]!; p < starts[id + 1]!; p++) {
        const entry = postingEntry[p]!
        if (entry === index) continue
        if (scores[entry] === 0) touched.push(entry)
        scores[entry]! += weights[k]! * postingWeight[p]!
      }
    }
    const ranked = best(touched, scores, index, entries.length, count)
    for (const entry of touched) scores[entry] = 0
    touched.length = 0
    if (ranked.length < count) fillFromOrder(ranked, index, linkable, position, count)
    return ranked
  })
  linkOrphans(chosen, linkable, count)
  return chosen
}

/** The `count` entries of `touched` with the highest scores, highest first; a tie goes to the entry nearest after `index` in order, round the end. */
function best(touched: readonly number[], scores: Float64Array, index: number, total: number, count: number): number[] {
  const after = (entry: number) => (entry - index + total) % total
  const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && after(a) < after(b))
  const top: number[] = []
  for (const entry of touched) {
    if (top.length === count && !better(entry, top[count - 1]!)) continue
    let at = Math.min(top.length, count - 1)
    if (top.length < count) top.push(entry)
    while (at > 0 && better(entry, top[at - 1]!)) {
      top[at] = top[at - 1]!
      at--
    }
    top[at] = entry
  }
  return top
}

function countIds(sorted: Int32Array): { ids: Int32Array; tf: Int32Array } {
  const ids: number[] = []
  const tf: number[] = []
  sorted.forEach((id, k) => {
    if (k > 0 && sorted[k - 1] === id) tf[tf.length - 1]!++
    else {
      ids.push(id)
      tf.push(1)
    }
  })
  return { ids: Int32Array.from(ids), tf: Int32Array.from(tf) }
}

/** Fills `list` up to `count` with the linkable entries that follow `index` in order, round the end, skipping those already in it. */
function fillFromOrder(list: number[], index: number, linkable: readonly number[], position: Int32Array, count: number): void {
  // The first linkable entry after `index`: its own place when it is linkable, else a search for the next one.
  let start = position[index]! >= 0 ? position[index]! + 1 : linkable.findIndex((entry) => entry > index)
  if (start < 0) start = 0
  for (let k = 0; k < linkable.length && list.length < count; k++) {
    const entry = linkable[(start + k) % linkable.length]!
    if (entry !== index && !list.includes(entry)) list.push(entry)
  }
}

/** Gives each unnamed linkable entry the last place of a list that is its own (cosine is symmetric) or next in order, whose last entry another list names. */
function linkOrphans(chosen: number[][], linkable: readonly number[], count: number): void {
  if (count === 0) return
  // Only a linkable entry's page is published: a draft's list links nothing.
  const inbound = new Int32Array(chosen.length)
  for (const index of linkable) for (const entry of chosen[index]!) inbound[entry]!++
  const takes = (host: number, orphan: number): boolean => {
    const list = chosen[host]!
    if (host === orphan || list.includes(orphan)) return false
    if (list.length < count) {
      list.push(orphan)
      return true
    }
    const last = list[list.length - 1]!
    if (inbound[last]! < 2) return false
    list[list.length - 1] = orphan
    inbound[last]!--
    return true
  }
  linkable.forEach((orphan, k) => {
    if (inbound[orphan]! > 0) return
    let taken = chosen[orphan]!.some((host) => takes(host, orphan))
    for (let step = 1; !taken && step < linkable.length; step++) taken = takes(linkable[(k + step) % linkable.length]!, orphan)
    if (taken) inbound[orphan]!++
  })
}
