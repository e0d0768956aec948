import type { Config } from 'vike/types'
import { ProsePage } from '../../components/ProsePage'

// A page of prose from its copy: its markdown under the page header.
export default { copy: 'terms-of-service', Page: ProsePage } satisfies Config
