import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { AssetHashType, AssetStaging, DockerImage } from 'aws-cdk-lib';
import type * as ecr from 'aws-cdk-lib/aws-ecr-assets';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { REPO_ROOT } from './app-function';

export interface NodeServiceImageProps {
  /** The service's entry module, relative to the repository root (e.g. `functions/services/india-ticker.ts`). */
  entry: string;
  /** The directory holding the Dockerfile, relative to the repository root; the bundle is added beside it. */
  dockerDir: string;
  /** The bundle's file name, which the Dockerfile copies and runs (its source map is `<name>.map`). */
  bundleName: string;
  platform: ecr.Platform;
}

/**
 * A container image for a long-running Node.js service, from a build context of two files and a Dockerfile: the synth
 * bundles the entry with the local esbuild (as AppFunction's NodejsFunction does for the Lambdas: one ES module,
 * minified, with its source map, never Docker), and `cdk deploy` builds the image from that directory alone. Synth
 * needs no Docker; the repository root and node_modules are never part of the context or its hash.
 *
 * When CDK skips bundling (`aws:cdk:bundling-stacks`, as most infra tests do), the context is the Dockerfile's own
 * directory and the asset keeps a hash of its construct path, as CDK does for a skipped NodejsFunction.
 */
export class NodeServiceImage extends Construct {
  readonly image: ecs.ContainerImage;
  /** The build context handed to Docker: the bundle and the Dockerfile (or only the Dockerfile when bundling was skipped). */
  readonly contextDir: string;

  constructor(scope: Construct, id: string, props: NodeServiceImageProps) {
    super(scope, id);
    const dockerDir = path.join(REPO_ROOT, props.dockerDir);
    const staging = new AssetStaging(this, 'Bundle', {
      sourcePath: dockerDir,
      assetHashType: AssetHashType.OUTPUT,
      // CDK caches staged assets by their options, where the `local` bundler's code does not count: the entry does.
      extraHash: `${props.entry}:${props.bundleName}`,
      bundling: {
        // Never pulled: local bundling always succeeds or throws (NodejsFunction names a 'dummy' image the same way).
        image: DockerImage.fromRegistry('dummy'),
        local: {
          tryBundle(outputDir: string): boolean {
            bundle(path.join(REPO_ROOT, props.entry), path.join(outputDir, props.bundleName));
            copyFileSync(path.join(dockerDir, 'Dockerfile'), path.join(outputDir, 'Dockerfile'));
            return true;
          },
        },
      },
    });
    this.contextDir = staging.absoluteStagedPath;
    this.image = ecs.ContainerImage.fromAsset(this.contextDir, { platform: props.platform });
  }
}

/** The Lambdas' bundle settings (AppFunction), except that the AWS SDK is bundled: no runtime provides it in a container. */
function bundle(entry: string, outfile: string): void {
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    // CommonJS dependencies (ws, the AWS SDK's) call require() inside an ES module.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
    logLevel: 'error',
  });
}
