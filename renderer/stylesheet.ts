// One stylesheet for the whole site: system fonts, one accent colour, a seven-step type scale. Kept in parts by subject.
import base from './styles/base.css?inline'
import headerSearch from './styles/header-search.css?inline'
import buttonsCards from './styles/buttons-cards.css?inline'
import prose from './styles/prose.css?inline'
import code from './styles/code.css?inline'
import homeHero from './styles/home-hero.css?inline'
import homeSections from './styles/home-sections.css?inline'
import pages from './styles/pages.css?inline'
import scoresTestimonials from './styles/scores-testimonials.css?inline'
import footerToasts from './styles/footer-toasts.css?inline'

/** The parts in the cascade's order, as one text: what every page inlines (renderer/document.ts). */
export const styles = [base, headerSearch, buttonsCards, prose, code, homeHero, homeSections, pages, scoresTestimonials, footerToasts].join('')
