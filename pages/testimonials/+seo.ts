import { pageSeo } from '../../lib/content/pages'

export default () => pageSeo('testimonials', '/testimonials')
