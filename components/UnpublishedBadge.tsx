/**
 * The mark `npm run dev` puts on a draft or scheduled entry where a list shows it ("Draft", "Scheduled for
 * 2027-01-05"), so a writer never takes it for a published page. A build lists neither, so never draws it.
 */
export function UnpublishedBadge({ label }: { label: string }) {
  return <strong className="unpublished-badge">{label}</strong>
}
