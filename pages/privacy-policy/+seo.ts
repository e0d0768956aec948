import { pageSeo } from '../../lib/content/pages'

export default () => pageSeo('privacy-policy', '/privacy-policy')
