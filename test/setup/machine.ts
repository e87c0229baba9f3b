/**
 * Run by `npm test` before anything else (the `pretest` script): the suites need Chromium (the
 * browser tests), nginx (the edge cache in front of the local stack), Java (DynamoDB Local) and
 * cfn-lint (the template lint). What is missing is
 * installed with Debian's apt-get when running as root; otherwise the run stops at once with
 * one line saying what to install, instead of failing file after file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { NGINX_PATH } from '../load/nginx.ts';
import { CHROMIUM_PATH } from '../support/chromium.ts';

interface Tool {
  what: string;
  present: () => boolean;
  /** Debian packages that provide it. */
  packages: string[];
  /** What to tell a user who is not root. */
  hint: string;
}

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

const TOOLS: Tool[] = [
  {
    what: `Chromium at ${CHROMIUM_PATH} (the browser tests)`,
    present: () => existsSync(CHROMIUM_PATH),
    packages: ['chromium'],
    hint: 'sudo apt-get install -y chromium (or set CHROME_PATH to a Chromium or Chrome)',
  },
  {
    what: `nginx at ${NGINX_PATH} (the edge cache of the release-day test and npm run load)`,
    present: () => existsSync(NGINX_PATH),
    packages: ['nginx'],
    hint: 'sudo apt-get install -y nginx (or set NGINX_PATH to an nginx binary)',
  },
  {
    what: 'Java (DynamoDB Local)',
    present: () => onPath('java'),
    packages: ['default-jre-headless'],
    hint: 'sudo apt-get install -y default-jre-headless',
  },
  {
    what: 'cfn-lint (the CloudFormation lint of the synthesized templates)',
    present: () => onPath('cfn-lint'),
    // Not packaged by Debian 12; Python's pip has it.
    packages: [],
    hint: 'pipx install cfn-lint (or pip install cfn-lint)',
  },
];

const missing = TOOLS.filter((tool) => !tool.present());
if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get') || missing.some((tool) => tool.packages.length === 0)) {
    console.error(
      `npm test needs ${missing.map((t) => t.what).join(' and ')}: ${missing.map((t) => t.hint).join('; ')}`,
    );
    process.exit(1);
  }
  const packages = missing.flatMap((t) => t.packages);
  console.log(`installing ${packages.join(', ')} with apt-get (needed by npm test)`);
  try {
    execFileSync('apt-get', ['update', '-q'], { stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('apt-get', ['install', '-y', '-q', ...packages], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    console.error(
      `npm test could not install ${packages.join(', ')}: ${missing.map((t) => t.hint).join('; ')}`,
    );
    process.exit(1);
  }
  const still = missing.filter((tool) => !tool.present());
  if (still.length > 0) {
    console.error(
      `npm test needs ${still.map((t) => t.what).join(' and ')}: ${still.map((t) => t.hint).join('; ')}`,
    );
    process.exit(1);
  }
}
