import type { Config } from 'vike/types'

export default { copy: 'home' } satisfies Config
