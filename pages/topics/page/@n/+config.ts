import type { Config } from 'vike/types'

// The topic index's pages after the first (/topics/page/2 …): the same page as /topics, with other topics.
export default { copy: 'topics' } satisfies Config
