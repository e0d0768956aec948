import type { Config } from 'vike/types'

// One shell serves every /r/<code>: the server answers it for any code, and the code is read in the browser.
export default { copy: 'redirect', noindex: true } satisfies Config
