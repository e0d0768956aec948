import type { Config } from 'vike/types'

export default { copy: 'topics' } satisfies Config
