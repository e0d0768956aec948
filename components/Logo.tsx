/** The brand mark: a lens over a rising bar; decorative next to the product's name. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 32 32" className="logo">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 22 15 9h2l6 13h-3l-1.5-3.5h-5L12 22Zm4.6-6h3.8L15.5 11.6Z" fill="#fff" />
    </svg>
  )
}
