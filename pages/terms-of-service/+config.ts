import type { Config } from 'vike/types'

export default { copy: 'terms-of-service' } satisfies Config
