import type { Config } from 'vike/types'

export default { copy: 'testimonials' } satisfies Config
