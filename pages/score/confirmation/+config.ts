import type { Config } from 'vike/types'

export default { copy: 'score-confirmation', noindex: true } satisfies Config
