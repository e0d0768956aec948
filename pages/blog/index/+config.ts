import type { Config } from 'vike/types'

export default { copy: 'blog' } satisfies Config
