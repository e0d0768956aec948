import { z } from 'zod'

// Site-wide settings: content/site.json, with the values a deployment changes overridable by env.
export const siteSchema = z.strictObject({
  productName: z.string().trim().min(1),
  siteUrl: z.url({ protocol: /^https?$/ }),
  lang: z.string().trim().min(2),
  supportEmail: z.email(),
  senderEmail: z.email(),
  checkoutUrl: z.url({ protocol: /^https$/ }),
  intakeFormUrl: z.url({ protocol: /^https$/ }),
  social: z.strictObject({
    linkedin: z.url({ protocol: /^https$/ }),
    x: z.url({ protocol: /^https$/ }),
    instagram: z.url({ protocol: /^https$/ }),
  }),
  legalNote: z.string().trim().min(1),
})

export type Site = z.infer<typeof siteSchema>

/** Lower-case, hyphenated form of the product name, as used in slugs (`AuthorityLens` → `authoritylens`). */
export function productSlug(productName: string): string {
  return productName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
