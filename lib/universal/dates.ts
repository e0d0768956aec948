const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

// `2025-09-12` → `September 12, 2025`, not by `toLocaleDateString`: a browser's first `Intl` call loads its locale data,
// which cost a phone tens of milliseconds of hydration for a handful of dates.
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  return `${MONTHS[month! - 1]} ${day}, ${year}`
}
