import { ours, theirs } from './oracle';
const lines = process.argv.slice(2);
for (let i = 0; i < lines.length; i += 2) {
  const c = { template: lines[i]!, json: JSON.parse(lines[i + 1] ?? '{}') };
  const a = ours(c), b = theirs(c);
  console.log(`${a === b ? '  ' : '!!'} ${JSON.stringify(c.template)} ours=${JSON.stringify(a)} theirs=${JSON.stringify(b)}`);
}
