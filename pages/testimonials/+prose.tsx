import { renderToStaticMarkup } from 'react-dom/server'
import { TestimonialCards } from '../../components/Testimonials'
import { loadContent } from '../../lib/node/content-index.server'

// The page's markdown, each section followed by the testimonials of its `kind`, drawn on the server only.
export default async () => {
  const { sections, sectionHtml, testimonials } = (await loadContent()).pages.testimonials
  const cards = (id: string) => renderToStaticMarkup(<TestimonialCards testimonials={testimonials.filter((testimonial) => testimonial.kind === id)} />)
  return { body: sections.map((id) => `${sectionHtml[id] ?? ''}${cards(id)}`).join('\n') }
}
