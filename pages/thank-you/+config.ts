import type { Config } from 'vike/types'

export default { copy: 'thank-you', noindex: true } satisfies Config
