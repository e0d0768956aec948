// `vike build`, with the project's Vite config and one plugin more (vite-inputs.ts) that records into
// the file named by the first argument what the bundles were made from. Run by bundle.ts.
import { build } from 'vike/api'
import { recordInputs } from './vite-inputs'

await build({ viteConfig: { plugins: [recordInputs(process.argv[2]!)] } })
