/** The whole HTML document around a page; the stylesheet is inlined, since a linked one would delay the first paint on a slow phone. */
export function renderDocument({ lang, styles, headHtml, bodyHtml }: { lang: string; styles: string; headHtml: string; bodyHtml: string }): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="#0b3d91">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <style>${styles}</style>
    ${headHtml}
  </head>
  <body>
    <div id="root">${bodyHtml}</div>
  </body>
</html>`
}
