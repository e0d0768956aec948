import type { Plugin } from 'vite'

/** Each React entry point the app and Vike import, and the part of Preact that takes its place. */
const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
}

/**
 * The browser's bundle hydrates with Preact (preact/compat) instead of React: the same components, about
 * 50 KB gzipped less JavaScript on every page, which is most of a phone's main-thread time and of its
 * Largest Contentful Paint. Pages are still prerendered by React on the server; Preact hydrates the
 * markup React wrote (it skips React's `<!-- -->` text separators). Only the client bundle of a build:
 * `npm run dev` keeps React for its hot reload.
 */
export function preactInBrowser(): Plugin {
  return {
    name: 'preact-in-browser',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = PREACT_FOR[source]
      if (!target || this.environment.name !== 'client') return null
      return this.resolve(target, importer, { ...options, skipSelf: true })
    },
  }
}
