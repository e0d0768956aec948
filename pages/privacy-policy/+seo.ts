import { pageSeo } from '../../lib/node/pages.server'

export default () => pageSeo('privacy-policy', '/privacy-policy')
