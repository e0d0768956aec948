import type { Plugin } from 'vite'

const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
}

/** Far less JavaScript on every page; React still prerenders, and `npm run dev` keeps React for its hot reload. */
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
