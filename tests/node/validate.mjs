// Validates glTF files with the Khronos glTF validator. Exit status 1 if any file has an error.
// Usage: node validate.mjs FILE.glb [FILE.gltf ...]
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

let failed = 0;
for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 0,
    writeTimestamp: false,
    // Resources a .gltf names (gamefmt writes its images beside it) are read from the file's folder, so the
    // validator checks them too.
    externalResourceFunction: (uri) =>
      readFile(path.join(path.dirname(file), decodeURIComponent(uri))).then((data) => new Uint8Array(data)),
    // Physics extensions are not ratified; the validator only knows they exist.
    ignoredIssues: ['UNSUPPORTED_EXTENSION'],
  });
  const { numErrors, numWarnings, numInfos, numHints, messages } = report.issues;
  console.log(`${file}: ${numErrors} errors, ${numWarnings} warnings, ${numInfos} infos, ${numHints} hints`);
  for (const m of messages) {
    if (m.severity <= 1) console.log(`  ${m.severity === 0 ? 'error' : 'warning'} ${m.code} ${m.pointer ?? m.offset ?? ''}: ${m.message}`);
  }
  if (numErrors > 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
