/** `faqs[2].a` from zod's `['faqs', 1, 'a']`: positions are counted as people count, from 1, however deep. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key + 1}]`
    return out ? `${out}.${String(key)}` : String(key)
  }, '')
}
