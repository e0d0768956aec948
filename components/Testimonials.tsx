import { avatarColour, initialsOf } from '../lib/universal/avatar'
import type { PageFrontmatter } from '../lib/universal/content/schemas'

type Testimonial = PageFrontmatter<'testimonials'>['testimonials'][number]

/** Customers' words as cards (the quote, then who said it), drawn on the server: the browser gets no code for them. */
export function TestimonialCards({ testimonials }: { testimonials: ReadonlyArray<Testimonial> }) {
  if (testimonials.length === 0) return null
  return (
    <ul className="testimonials">
      {testimonials.map((testimonial) => (
        <li key={testimonial.name} className="testimonial card">
          <figure>
            <blockquote>
              <p>{testimonial.quote}</p>
            </blockquote>
            <figcaption>
              {/* Spaces between the parts, so a screen reader does not run them together. */}
              <Avatar name={testimonial.name} /> <span className="testimonial-name">{testimonial.name}</span>{' '}
              <span className="testimonial-role">{testimonial.role}</span> <span className="testimonial-niche">{testimonial.niche}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  )
}

/** A circle in a colour chosen from the name, with the initials in white; decorative, since the name follows it. */
function Avatar({ name }: { name: string }) {
  return (
    <svg className="avatar" viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="24" fill={avatarColour(name)} />
      <text x="24" y="24" dy="0.35em" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fff">
        {initialsOf(name)}
      </text>
    </svg>
  )
}
