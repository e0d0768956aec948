// Every page inherits this: a fixed page's markdown, from the copy its +config.ts names.
export { copyProse as default } from '../lib/node/pages.server'
