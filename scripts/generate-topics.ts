import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

// Synthetic but valid topic pages for scale tests: every field distinct, within its limits.
const AUDIENCES = ['coaches', 'consultants', 'freelancers', 'agency owners', 'founders', 'creators', 'job seekers', 'recruiters']
const ANGLES = ['headline clarity', 'proof signals', 'visual trust', 'offer framing', 'call to action', 'keyword reach', 'About section', 'banner message']

export function syntheticSlug(index: number): string {
  return `scale-topic-${index}`
}

/** The markdown of synthetic topic number `index`. */
export function syntheticTopic(index: number): string {
  const audience = AUDIENCES[index % AUDIENCES.length]!
  const angle = ANGLES[Math.floor(index / AUDIENCES.length) % ANGLES.length]!
  return `---
title: "Scale topic ${index}: ${angle} for ${audience}"
summary: "How ${audience} can improve ${angle} on LinkedIn (synthetic page ${index})."
h1: "${angle} for ${audience}, guide ${index}"
shortAnswer: "Page ${index}: ${audience} earn more trust when their ${angle} is specific, proven and easy to act on."
metaTitle: "Scale ${index}: ${angle} for ${audience}"
metaDescription: "Synthetic topic ${index} on ${angle} for ${audience}, used to test that the build scales."
faqs:
  - q: "What does page ${index} cover?"
    a: "It covers ${angle} for ${audience}."
  - q: "Is page ${index} real content?"
    a: "No, it is generated to measure the build at scale."
---
This synthetic page ${index} exists to measure the build. It looks at ${angle} for ${audience}.

## Why ${angle} matters

- Visitors decide quickly.
- ${audience} with clear profiles get more replies.
`
}

/** Writes `count` synthetic topics into `<contentRoot>/topics`. */
export function generateTopics(contentRoot: string, count: number): void {
  const dir = join(contentRoot, 'topics')
  mkdirSync(dir, { recursive: true })
  for (let index = 1; index <= count; index++) writeFileSync(join(dir, `${syntheticSlug(index)}.md`), syntheticTopic(index))
}
