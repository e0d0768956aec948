import type { Config } from 'vike/types'

// The not-found copy; the error page is never indexed.
export default { copy: 'not-found', noindex: true } satisfies Config
