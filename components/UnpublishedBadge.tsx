/** The mark `npm run dev` puts on a listed draft or scheduled entry, so a writer never takes it for a published page. */
export function UnpublishedBadge({ label }: { label: string }) {
  return <strong className="unpublished-badge">{label}</strong>
}
