// `vike build`, recording what it read into the file named by the first argument (bundle.ts reads it).
// Plain JavaScript: no TypeScript loader beside Vite at the build's busiest moment.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { build } from 'vike/api'

const [file] = process.argv.slice(2)
const ids = new Set()
let publicDir = ''

/** @type {import('vite').Plugin} */
const recordInputs = {
  name: 'record-inputs',
  apply: 'build',
  configResolved(config) {
    publicDir = config.publicDir
  },
  // Once per environment (client, then server), in this one process: each write holds both so far.
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) if (output.type === 'asset') for (const name of output.originalFileNames) ids.add(resolve(name))
    for (const id of this.getModuleIds()) ids.add(id)
    writeFileSync(file, JSON.stringify({ ids: [...ids], publicDir }))
  },
}

await build({ viteConfig: { plugins: [recordInputs] } })
