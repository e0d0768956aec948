import { topicPagePath } from '../../../lib/universal/content/topic-pages'
import type { Data } from './+data'

type Paging = NonNullable<Data['paging']>

/** Pages either side of the current one that a later page links to by number; /topics links to every page. */
const NEARBY = 2

/** The nav between the topic index's pages: /topics numbers every page (a tight grid), so each topic is two clicks from it; a later page its neighbours. */
export function TopicPager({ page, pages, labels }: Paging) {
  const from = page === 1 ? 1 : Math.max(1, page - NEARBY)
  const to = page === 1 ? pages : Math.min(pages, page + NEARBY)
  const numbers = Array.from({ length: to - from + 1 }, (_, index) => from + index)
  const step = (to: number, text: string, rel?: string) => (
    <a className="button button-secondary button-small" href={topicPagePath(to)} rel={rel}>
      {text}
    </a>
  )
  return (
    <nav aria-label={labels.label}>
      <div className="cta-row">
        {page > 1 && step(1, labels.first)}
        {page > 1 && step(page - 1, labels.previous, 'prev')}
        {page < pages && step(page + 1, labels.next, 'next')}
        {page < pages && step(pages, labels.last)}
      </div>
      <div className="page-numbers">
        {numbers.map((number) => (
          <a
            key={number}
            className={number === page ? 'button button-small' : 'button button-secondary button-small'}
            href={topicPagePath(number)}
            aria-current={number === page ? 'page' : undefined}
          >
            {number}
          </a>
        ))}
      </div>
    </nav>
  )
}
