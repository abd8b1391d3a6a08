import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { resourceName, type StageConfig } from '../config';
import { agentNotAllowedRule, apiRateRules, rateLimitedResponseBodies } from '../waf-rules';

/** A web ACL for CloudFront must be made in US East (N. Virginia), whatever region the rest of the app lives in. */
export const EDGE_REGION = 'us-east-1';

/** Where the Edge stack leaves the web ACL's ARN for the Web stack, which may live in another region. */
export const edgeWebAclParameterName = (config: StageConfig): string => `/${resourceName(config)}/edge/web-acl-arn`;

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
}

/**
 * The CloudFront distribution's web ACL (scope CLOUDFRONT), with a rate-based rule for each API limit of
 * functions/rate-limits.ts, and the rule that answers a personal access token on a browser-only route with 403. CloudFront scope lives in us-east-1
 * (https://docs.aws.amazon.com/waf/latest/developerguide/how-aws-waf-works-resources.html), so this stack is pinned
 * there; the app's stacks stay environment-agnostic, which CDK's cross-region references do not allow, so the ARN
 * travels through an SSM parameter in this region that the Web stack reads (infra/stacks/web-stack.ts). The ACL is
 * named and updated in place, so its ARN does not change.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  readonly webAclArnParameter: ssm.StringParameter;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const name = resourceName(config, 'edge');

    const rateRules = apiRateRules(name);
    const agentRule = agentNotAllowedRule(name, rateRules.length);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      description: `Options Academy API rate limits at CloudFront, stage ${config.stage}, from functions/rate-limits.ts`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: rateLimitedResponseBodies(),
      rules: agentRule ? [...rateRules, agentRule] : rateRules,
      visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name },
    });

    this.webAclArnParameter = new ssm.StringParameter(this, 'WebAclArn', {
      parameterName: edgeWebAclParameterName(config),
      description: 'ARN of the CloudFront web ACL, read by the Web stack',
      stringValue: this.webAcl.attrArn,
    });

    new CfnOutput(this, 'WebAclArnOutput', { value: this.webAcl.attrArn });
  }
}
