import { renderToStaticMarkup } from 'react-dom/server'
import { TestimonialCards } from '../../components/Testimonials'
import { loadContent } from '../../lib/node/content-index.server'

// The page's markdown with its customers' cards: each section is followed by the testimonials whose
// `kind` is its id. Drawn here, on the server only, so the cards cost the page no JavaScript.
export default async () => {
  const { sections, sectionHtml, testimonials } = (await loadContent()).pages.testimonials
  const cards = (id: string) => renderToStaticMarkup(<TestimonialCards testimonials={testimonials.filter((testimonial) => testimonial.kind === id)} />)
  return { body: sections.map((id) => `${sectionHtml[id] ?? ''}${cards(id)}`).join('\n') }
}
