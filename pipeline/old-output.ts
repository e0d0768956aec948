// The last build's output is moved aside at once, so this build writes into an empty folder, and it is
// deleted while this build runs, with whatever an interrupted build left aside.
import { existsSync, readdirSync, renameSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Moves `dist` aside and starts deleting it and the leftovers of earlier builds: the promise settles once they are gone. */
export function moveOldOutputAside(dist: string): Promise<void> {
  const removals: Array<Promise<void>> = []
  for (const name of existsSync(dirname(dist)) ? readdirSync(dirname(dist)) : []) {
    if (name.startsWith(`${basename(dist)}.old-`)) removals.push(rm(join(dirname(dist), name), { recursive: true, force: true }))
  }
  if (existsSync(dist)) {
    const old = `${dist}.old-${process.pid}`
    renameSync(dist, old)
    removals.push(rm(old, { recursive: true, force: true }))
  }
  return Promise.all(removals).then(() => {})
}
