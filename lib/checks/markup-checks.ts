// The checks of the built pages' markup: images with alt text and their size, no placeholder text, and
// valid HTML.
import { HtmlValidate } from 'html-validate'
import { perPage, problemList, type Problem, type SiteCheckInput } from './checked-page'

/** 8. Every <img> has alt text (empty is allowed for decoration), width and height. */
export function checkImages(input: SiteCheckInput): Problem[] {
  const { problems, add } = problemList()
  for (const page of input.pages)
    for (const img of page.doc.querySelectorAll('img')) {
      const missing = ['alt', 'width', 'height'].filter((attribute) => !img.hasAttribute(attribute))
      const fix = 'give every image alt text and its intrinsic width and height (no layout shift)'
      if (missing.length > 0) add(page.file, `<img src="${img.getAttribute('src')}"> has no ${missing.join(', ')}`, fix)
    }
  return problems
}

/** A `<pre>` block or an inline `<code>`, with what is inside it (a `<code>` in a `<pre>` goes with the block). */
const CODE_ELEMENTS = /<pre\b[^>]*>[\s\S]*?<\/pre>|<code\b[^>]*>[\s\S]*?<\/code>/gi

/** 10. No placeholder text (lorem ipsum, TODO, an unreplaced {product}) outside code, which is shown as written. */
export function checkPlaceholders(input: SiteCheckInput): Problem[] {
  return perPage(input.pages, (page) => {
    const found = [...new Set(page.html.replace(CODE_ELEMENTS, '').match(/lorem ipsum|\bTODO\b|\{product\}/gi) ?? [])]
    return found.length === 0 ? undefined : [`placeholder text: ${found.join(', ')}`, 'write the real text in the content file']
  })
}

/** The HTML standard's rules (html-validate's `standard` preset) without its rules of taste, which HTML does not care about (React writes `dateTime`). */
const htmlValidator = new HtmlValidate({
  extends: ['html-validate:standard'],
  rules: { 'attr-case': 'off', 'attribute-boolean-style': 'off', 'void-style': 'off', 'valid-id': ['error', { relaxed: true }] },
})

/** 11. Valid HTML on every page, each error with its line and column. */
export function checkValidHtml(input: SiteCheckInput): Problem[] {
  return input.pages.flatMap((page) =>
    htmlValidator.validateStringSync(page.html, page.file).results.flatMap((result) =>
      result.messages.map((message) => ({
        file: page.file,
        problem: `invalid HTML at ${message.line}:${message.column}: ${message.message} (${message.ruleId})`,
        fix: 'correct the markup of the component or content that writes it',
      })),
    ),
  )
}
