import type { Config } from 'vike/types'
import { ProsePage } from '../../components/ProsePage'

// A page of prose from its copy: its markdown under the page header.
export default { copy: 'testimonials', Page: ProsePage } satisfies Config
