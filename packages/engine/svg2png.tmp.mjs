import sharp from "sharp";
for (const f of process.argv.slice(2)) await sharp(f).png().toFile(f.replace(/\.svg$/, ".png"));
