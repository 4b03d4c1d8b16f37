import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeSearchAttributeIndexedValueType } from '@temporalio/common/lib/search-attributes.js';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { SEARCH_ATTRIBUTE_KEYS } from '../workflows/search-attributes.js';
import { cacheDir } from './cache-dir.js';

/** Temporal's Java test server skips time: a three-day wait takes milliseconds in a test. */
export const TEST_SERVER_VERSION = '1.38.0';

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.stock-replenisher</groupId>
  <artifactId>temporal-test-server-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>io.temporal</groupId>
      <artifactId>temporal-test-server</artifactId>
      <version>${TEST_SERVER_VERSION}</version>
    </dependency>
  </dependencies>
</project>
`;

// The SDK starts the given executable with the port as its argument and expects it to listen
// within seconds, so the wrapper replaces itself with java rather than running it as a child.
// A server whose owner died without tearing it down outlives it; with TEMPORAL_TEST_SERVER_PIDS
// set, the wrapper leaves its pid (java's, after exec) there for whoever started the run to reap.
const WRAPPER = `#!/bin/sh
here="$(dirname "$0")"
if [ -n "$TEMPORAL_TEST_SERVER_PIDS" ]; then echo $$ > "$TEMPORAL_TEST_SERVER_PIDS/$$"; fi
exec java -Xss1m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$here/lib/*" io.temporal.testserver.TestServer "$@"
`;

export function testServerDir(): string {
  return join(cacheDir(), `temporal-test-server-${TEST_SERVER_VERSION}`);
}

/** Returns the wrapper's path, fetching the jars with Maven once; throws with the reason if it cannot. */
export function ensureTestServer(say: (l: string) => void = console.error): string {
  const dir = testServerDir();
  const wrapper = join(dir, 'temporal-test-server');
  const lib = join(dir, 'lib');
  const writeWrapper = () => { writeFileSync(wrapper, WRAPPER); chmodSync(wrapper, 0o755); };
  if (existsSync(lib) && readdirSync(lib).some((f) => f.startsWith('temporal-test-server'))) {
    // Rewritten every time: a wrapper cached by an older version of this file is brought up to date.
    writeWrapper();
    return wrapper;
  }
  for (const tool of ['java', 'mvn']) {
    if (spawnSync(tool, ['-version'], { stdio: 'ignore' }).status !== 0) {
      throw new Error(`the time-skipping test server needs ${tool} (Java 17 and Maven), which is not installed`);
    }
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pom.xml'), POM);
  say(`fetching io.temporal:temporal-test-server:${TEST_SERVER_VERSION} with Maven into ${dir}`);
  const mvn = spawnSync('mvn', ['-q', '-B', '-f', join(dir, 'pom.xml'), 'dependency:copy-dependencies',
    `-DoutputDirectory=${lib}`, '-DincludeScope=runtime'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (mvn.status !== 0) throw new Error(`Maven could not fetch temporal-test-server (exit ${mvn.status})`);
  writeWrapper();
  return wrapper;
}

/**
 * The SDK gives the server's JVM a few seconds to listen, which a machine busy with other JVMs and
 * test workers can outlast (seen in CI: "did not start within 5s"); a JVM that was only slow starts
 * the next time, and any other failure is no slowness.
 */
async function startingAgain<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (err) {
      if (attempt >= attempts || !/did not start within/.test(String(err))) throw err;
    }
  }
}

/**
 * A time-skipping server from the wrapper at `executable`, with the service's search attributes
 * registered: like a real server, the test server refuses attributes nobody registered.
 */
export async function startTimeSkippingServer(executable: string): Promise<TestWorkflowEnvironment> {
  const env = await startingAgain(() => TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: executable } } }));
  await env.connection.operatorService.addSearchAttributes({
    namespace: 'default',
    searchAttributes: Object.fromEntries(SEARCH_ATTRIBUTE_KEYS.map((k) => [k.name, encodeSearchAttributeIndexedValueType(k.type)!])),
  });
  return env;
}
