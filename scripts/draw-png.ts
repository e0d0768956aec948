// `npx tsx scripts/draw-png.ts content/images/x.svg`: draws an SVG to a PNG beside it. The build takes no
// SVG: its text is drawn with the fonts of the machine that draws it, so its PNG is drawn once, looked at, and committed.
import sharp from 'sharp'

const [svg] = process.argv.slice(2)
if (!svg?.endsWith('.svg')) {
  console.error('usage: npx tsx scripts/draw-png.ts FILE.svg (writes FILE.png beside it)')
  process.exit(2)
}
const png = svg.replace(/\.svg$/, '.png')
const { width, height } = await sharp(svg).png({ compressionLevel: 9 }).toFile(png)
console.log(`${png}: ${width} × ${height} px`)
