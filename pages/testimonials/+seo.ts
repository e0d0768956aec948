import { pageSeo } from '../../lib/node/pages.server'

export default () => pageSeo('testimonials', '/testimonials')
