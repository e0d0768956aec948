/** A 0–100 score as a ring inside an <svg>, starting at twelve o'clock; the stylesheet colours it. */
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
