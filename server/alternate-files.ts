import type { MiddlewareHandler } from 'hono'
import { alternateFileHeaders } from '../lib/universal/alternate-headers'

/**
 * Sends the feeds and the markdown twins with their own media type, Cache-Control and, for a twin,
 * `X-Robots-Tag: noindex` (lib/universal/alternate-headers.ts): a file's name says none of it. Registered
 * inside the compression, which then sees the type it compresses by.
 */
export function sendAlternateFileHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.status !== 200) return
    for (const [name, value] of Object.entries(alternateFileHeaders(c.req.path) ?? {})) c.res.headers.set(name, value)
  }
}
