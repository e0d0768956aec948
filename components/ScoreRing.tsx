/**
 * A 0–100 score as a ring, for use inside an <svg>: a full track and an arc for the score, starting at
 * twelve o'clock. Geometry only; the stylesheet colours it (.score-ring-track, .score-ring-arc).
 */
export function ScoreRing({ cx, cy, r, width, score }: { cx: number; cy: number; r: number; width: number; score: number }) {
  const circumference = 2 * Math.PI * r
  return (
    <g>
      <circle className="score-ring-track" cx={cx} cy={cy} r={r} fill="none" strokeWidth={width} />
      <circle
        className="score-ring-arc"
        cx={cx}
        cy={cy}
        r={r}
        fill="none"
        strokeWidth={width}
        strokeLinecap="round"
        strokeDasharray={`${((circumference * score) / 100).toFixed(1)} ${circumference.toFixed(1)}`}
        transform={`rotate(-90 ${cx} ${cy})`}
      />
    </g>
  )
}
