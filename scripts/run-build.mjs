// `npm run build`: scripts/build.ts compiled by esbuild in a tenth of a second, run with node; through tsx it took a second.
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

// Beside the pipeline's modules, whose workers' paths are relative to their URL; one per process, as builds may run side by side.
const compiled = fileURLToPath(new URL(`../pipeline/.build-${process.pid}.mjs`, import.meta.url))
process.on('exit', () => rmSync(compiled, { force: true }))
await build({
  entryPoints: [fileURLToPath(new URL('./build.ts', import.meta.url))],
  outfile: compiled,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'inline',
  sourcesContent: false,
  logLevel: 'warning',
})
// A failure the build did not expect prints its stack: with the lines of the TypeScript it came from.
process.setSourceMapsEnabled(true)
await import(compiled)
