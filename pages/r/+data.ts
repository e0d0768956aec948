// https://vike.dev/data
import { pageCopy } from '../../lib/node/pages.server'

export async function data() {
  return { page: await pageCopy('redirect') }
}

export type Data = Awaited<ReturnType<typeof data>>
