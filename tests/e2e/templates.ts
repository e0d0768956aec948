import { readFileSync } from 'node:fs'
import { parseBudgets } from '../../lib/checks/lighthouse-budgets'

/** One URL of every page template: the same list the Lighthouse budgets are checked on. */
export const TEMPLATES = parseBudgets(JSON.parse(readFileSync('lighthouse.budgets.json', 'utf8'))).templates

export const WIDTHS = [390, 1280] as const
