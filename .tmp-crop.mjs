import sharp from 'sharp'
const [file, top, height] = [process.argv[2], +process.argv[3], +process.argv[4]]
const m = await sharp(file).metadata()
const out = file.replace('.png', `-${top}.png`)
await sharp(file).extract({ left: 0, top, width: m.width, height: Math.min(height, m.height - top) }).toFile(out)
console.log(out, m.width, m.height)
