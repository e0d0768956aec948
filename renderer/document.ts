/** The whole HTML document around the rendered page; the only place that writes <html> and <head>. */
export function renderDocument({ lang, headHtml, bodyHtml }: { lang: string; headHtml: string; bodyHtml: string }): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="#0b3d91">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${headHtml}
  </head>
  <body>
    <div id="root">${bodyHtml}</div>
  </body>
</html>`
}
