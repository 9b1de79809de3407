// The esbuild options every bundle of the API shares: the server (build.mjs) and the operator's
// CLIs (scripts/sweep.mjs and scripts/job.mjs, through scripts/lib/run-api-cli.mjs).
//
// npm packages stay external (loaded from node_modules at run time), except the ones that render
// the mails: React, React DOM and React Email are bundled with React's production build whatever
// NODE_ENV says. Loaded at run time, React picks its development build outside production, whose
// per-element checks made a mail cost about 5 ms, a third of a renewal sweep's time.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const apiRoot = import.meta.dirname;
const BUNDLED = /^(react|react-dom|scheduler|@react-email\/[^/]+)(\/|$)/;
const REACT_FILES = /node_modules[\\/](react|react-dom|scheduler)[\\/].*\.js$/;

const bundleReactForProduction = {
  name: 'bundle-react-for-production',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@store/') || args.path.startsWith('node:')) return undefined;
      if (BUNDLED.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
    // React chooses its build on process.env.NODE_ENV; fixed here, esbuild drops the other branch.
    build.onLoad({ filter: REACT_FILES }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('process.env.NODE_ENV', '"production"'),
      loader: 'js',
    }));
  },
};

/** Options for an ESM bundle of `entry` written to `outfile`. */
export function apiBundleOptions(entry, outfile) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // React DOM's server build requires Node's modules (util, stream …): give the ESM bundle a require.
    banner: {
      js: "import { createRequire as __apiCreateRequire } from 'node:module'; const require = __apiCreateRequire(import.meta.url);",
    },
    plugins: [bundleReactForProduction],
    // @store/contracts is TypeScript source: bundle it instead of importing it at run time.
    alias: { '@store/contracts': path.join(apiRoot, '../../packages/contracts/src/index.ts') },
    logLevel: 'warning',
  };
}
