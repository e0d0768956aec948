// Every page inherits this: a fixed page's head from its copy, canonical at its own URL, `noindex` from its +config.ts.
export { copySeo as default } from '../lib/node/pages.server'
