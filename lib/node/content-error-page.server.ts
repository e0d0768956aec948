import { escapeHtml } from '../universal/text'

// What `npm run dev` shows instead of a page its content stops, where the writer is looking; never built: a build fails instead.

/** `file:line:column: what is wrong` or `file: field: what was expected`, split into where and what. */
function problemItem(problem: string): string {
  const [, where, what] = /^(.+?\.(?:md|json)(?::\d+(?::\d+)?)?): (.*)$/s.exec(problem) ?? ['', '', problem]
  return `<li>${where ? `<code>${escapeHtml(where)}</code>` : ''}<p>${escapeHtml(what)}</p></li>`
}

/** With its own small stylesheet: the site's may be what is broken. */
export function contentErrorPage(problems: readonly string[]): string {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Content problem: ${count}</title>
    <script type="module" src="/@vite/client"></script>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 2rem 1rem; background: #fff8f6; color: #1a1a1a; }
      main { max-width: 48rem; margin: 0 auto; }
      h1 { font-size: 1.5rem; color: #9b1c1c; margin: 0 0 .5rem; }
      ol { padding-left: 1.25rem; }
      li { margin: 1rem 0; }
      li code { font: 600 .95rem ui-monospace, monospace; background: #fde8e4; padding: .1rem .35rem; border-radius: 4px; overflow-wrap: anywhere; }
      li p { margin: .25rem 0 0; }
    </style>
  </head>
  <body>
    <main>
      <h1>This page's content has ${count}</h1>
      <p>Each line names the file, the place in it (line and column, or the field) and what is expected. Fix the file and save it: this page reloads by itself. Pages that do not use the file keep working meanwhile.</p>
      <ol>${problems.map(problemItem).join('')}</ol>
      <p>The full list is also in the terminal running <code>npm run dev</code>, and <code>npm run check:content</code> prints it for every file.</p>
    </main>
  </body>
</html>`
}

/** Matched by shape, not class: the dev server may load content-files.server.ts twice. */
export function contentProblemsIn(error: unknown): readonly string[] | undefined {
  const problems = (error as { name?: unknown; problems?: unknown } | null)?.problems
  return (error as { name?: unknown } | null)?.name === 'ContentError' && Array.isArray(problems) ? (problems as string[]) : undefined
}
