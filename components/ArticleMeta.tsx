import { formatDate } from '../lib/universal/dates'

interface ArticleMetaProps {
  date: string
  updated: string | undefined
  minutes: number
  /** layout.json's `blog.updated` ("Updated") and `blog.readingTime` ("{minutes} min read"). */
  labels: { updated: string; readingTime: string }
}

/** An article's dates and reading time ("October 9, 2025 · Updated November 12, 2025 · 6 min read"); a line breaks only at a dot. */
export function ArticleMeta({ date, updated, minutes, labels }: ArticleMetaProps) {
  return (
    <>
      <time dateTime={date}>{formatDate(date)}</time>
      {updated && (
        <>
          {' · '}
          <span>
            {`${labels.updated} `}
            <time dateTime={updated}>{formatDate(updated)}</time>
          </span>
        </>
      )}
      {' · '}
      <span>{labels.readingTime.replace('{minutes}', String(minutes))}</span>
    </>
  )
}
