import type { Config } from 'vike/types'

export default { copy: 'privacy-policy' } satisfies Config
