// `npm run build`: scripts/build.ts and the modules it imports, compiled by esbuild into one ES module and
// run with plain node. Compiling takes about a tenth of a second; loading the same files through tsx's
// loader took about a second of every build, a large part of one with nothing to render.
// Plain JavaScript, so that nothing has to load a TypeScript loader first.
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

// Beside the pipeline's modules, whose paths to their workers are relative to their own URL
// (`new URL('./render-worker.ts', import.meta.url)`): one file per process, as builds of the same
// project may run side by side; removed when the build exits, however it exits.
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
