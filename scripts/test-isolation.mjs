// Runs every test of a vitest project on its own (its file's hooks, no other test), one at a time,
// and lists the tests that fail alone: the ones that lean on rows an earlier test left.
//   node scripts/test-isolation.mjs [project=api] [file filter…]
// One Vitest instance runs them all, so each test costs its file's setup, not a new process.
import { createVitest } from 'vitest/node';

const [projectName = 'api', ...filters] = process.argv.slice(2);
const vitest = await createVitest('test', {
  watch: false,
  project: [projectName],
  maxWorkers: 1,
  reporters: [{}],
});

const specifications = await vitest.getRelevantTestSpecifications(filters);
const collected = await vitest.collectTests(specifications);
const project = vitest.getProjectByName(projectName);
const failures = [];
let count = 0;
const started = Date.now();

for (const testModule of collected.testModules) {
  for (const test of testModule.children.allTests()) {
    count += 1;
    const spec = project.createSpecification(testModule.moduleId, { testIds: [test.id] });
    const result = await vitest.runTestSpecifications([spec]);
    const ran = result.testModules.flatMap((module) => [...module.children.allTests()]);
    const outcome = ran.find((item) => item.id === test.id)?.result();
    const file = testModule.moduleId.replace(`${process.cwd()}/`, '');
    if (outcome?.state === 'skipped') {
      console.log(`skipped     ${file} › ${test.fullName}`);
    } else if (outcome?.state !== 'passed') {
      const message = outcome?.errors?.[0]?.message ?? `state ${outcome?.state ?? 'not run'}`;
      failures.push({ file, name: test.fullName, message });
      console.log(`FAIL alone  ${file} › ${test.fullName}\n            ${message.split('\n')[0]}`);
    } else {
      console.log(`ok          ${file} › ${test.fullName}`);
    }
  }
}

await vitest.close();
console.log(
  `\n${count} tests run one by one in ${((Date.now() - started) / 1000).toFixed(0)} s; ${failures.length} fail alone.`,
);
process.exit(failures.length === 0 ? 0 : 1);
