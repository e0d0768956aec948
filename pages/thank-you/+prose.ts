import { pageProse } from '../../lib/content/pages'

export default () => pageProse('thank-you')
