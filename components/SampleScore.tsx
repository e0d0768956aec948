import type { PageFrontmatter } from '../lib/universal/content/schemas'
import { ScoreRing } from './ScoreRing'

export type SampleScoreCopy = PageFrontmatter<'home'>['sampleScore']

/** Below this a dimension is drawn as a gap to fix (amber), at or above it as a strength. */
export const GAP_BELOW = 60

/** What a free score looks like, for an invented profile: plain markup, whole in the first paint, drawn on the server only. */
export function SampleScore({ sample }: { sample: SampleScoreCopy }) {
  return (
    <figure className="sample-score card">
      <figcaption className="sample-score-head">
        <span className="sample-badge">{sample.badge}</span> <span className="sample-score-heading">{sample.heading}</span>{' '}
        <span className="sample-score-profile">{sample.profile}</span>
      </figcaption>
      <div className="sample-score-body">
        <p className="score-dial">
          <svg viewBox="0 0 120 120" aria-hidden="true">
            <ScoreRing cx={60} cy={60} r={52} width={11} score={sample.score} />
          </svg>
          <span className="score-dial-text">
            <strong>{sample.score}</strong> <span>{sample.outOf}</span>
          </span>
        </p>
        <ul className="score-bars">
          {sample.categories.map((category) => (
            <li key={category.label} className={category.score < GAP_BELOW ? 'score-gap' : undefined}>
              <span>{category.label}</span> <strong>{category.score}</strong>
              <svg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
                <rect className="score-bar-track" width="100" height="8" />
                <rect className="score-bar-fill" width={category.score} height="8" />
              </svg>
            </li>
          ))}
        </ul>
      </div>
      <p className="sample-score-note">{sample.note}</p>
    </figure>
  )
}
