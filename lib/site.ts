import { join } from 'node:path'
import { z } from 'zod'
import { readJsonFile } from './content/json-file'
import { contentDir } from './paths'

// Site-wide settings: content/site.json, with the values a deployment changes overridable by env.
const siteSchema = z.strictObject({
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

/** Reads and validates site.json, then applies PRODUCT_NAME, SITE_URL, CHECKOUT_URL and INTAKE_FORM_URL from env. */
export function loadSite(dir = contentDir(), env: NodeJS.ProcessEnv = process.env): Site {
  const site = readJsonFile(join(dir, 'site.json'), siteSchema, (raw) => ({
    ...raw,
    ...(env.PRODUCT_NAME ? { productName: env.PRODUCT_NAME } : {}),
    ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
    ...(env.CHECKOUT_URL ? { checkoutUrl: env.CHECKOUT_URL } : {}),
    ...(env.INTAKE_FORM_URL ? { intakeFormUrl: env.INTAKE_FORM_URL } : {}),
  }))
  // The canonical origin never ends with a slash, so `${siteUrl}${path}` is always right.
  return { ...site, siteUrl: new URL(site.siteUrl).origin, legalNote: site.legalNote.replaceAll('{product}', site.productName) }
}
