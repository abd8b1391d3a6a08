import { Aws, CfnOutput, Duration, Fn, Size, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as ecrAssets from 'aws-cdk-lib/aws-ecr-assets';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct, IDependable } from 'constructs';
import { LIVE_PK_PREFIX } from '../../functions/adapters/dynamo/india-live-quotes';
import { KITE_API_ROOT } from '../../functions/adapters/kite/kite-client';
import { KITE_TICKER_ROOT } from '../../functions/adapters/kite/kite-ticker';
import { kiteSecretName, kiteSessionSecretName } from '../../functions/adapters/secrets/secret-names';
import { resourceName, type StageConfig } from '../config';
import { METRICS_NAMESPACE, POWERTOOLS_SERVICE_NAME } from '../constructs/app-function';
import { NodeServiceImage } from '../constructs/node-service-image';

/** The service's entry, a Node.js process that runs until SIGTERM. */
export const TICKER_ENTRY = 'functions/services/india-ticker.ts';

/**
 * The partition keys the ticker service writes, the live quotes of each (underlying, expiry) group, as its adapter
 * names them (functions/adapters/dynamo/india-live-quotes.ts); its role may write no other item.
 */
export const INDIA_LIVE_KEY_PREFIX = LIVE_PK_PREFIX;

/** What the service does to the table: writes quotes, one item or a batch at a time, and reads none. */
export const TICKER_TABLE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:BatchWriteItem'];

/** A quarter of a vCPU and 512 MiB, Fargate's smallest size: one WebSocket and a few table writes a second. */
export const TICKER_TASK_SIZE = { cpu: 256, memoryLimitMiB: 512 };

export interface TickerStackProps extends StackProps {
  config: StageConfig;
  table: dynamodb.ITableV2;
}

/**
 * The India ticker service: one Fargate task that holds Kite Connect's WebSocket while NSE is open and writes the latest
 * quote per instrument to the table (README Decisions, "The India ticker service in AWS"). Outside NSE hours the
 * process idles by itself, so the service always asks for one task.
 *
 * - Never two tasks at once: Kite allows 3 WebSocket connections per API key (Kite Connect v3 docs, "WebSocket
 *   streaming"), and two tasks would write the same quotes. A deployment stops the old task before it starts the new
 *   one (0 % minimum, 100 % maximum healthy), and the circuit breaker rolls back a task that will not start.
 * - No NAT gateway: the task sits in a public subnet with a public IPv4 address, and its security group has no
 *   ingress and lets out only TCP 443 (Kite's REST and WebSocket, Secrets Manager, DynamoDB, ECR, CloudWatch Logs).
 *   DNS goes to the VPC's resolver, which security groups do not filter.
 * - Its role writes only `IN#LIVE#` items and reads only the two Kite secrets.
 */
export class TickerStack extends Stack {
  readonly vpc: ec2.IVpc;
  readonly cluster: ecs.Cluster;
  readonly taskDefinition: ecs.FargateTaskDefinition;
  readonly service: ecs.FargateService;
  readonly securityGroup: ec2.SecurityGroup;
  readonly logGroup: logs.LogGroup;
  readonly taskRole: iam.Role;
  readonly executionRole: iam.Role;
  readonly image: NodeServiceImage;

  constructor(scope: Construct, id: string, props: TickerStackProps) {
    super(scope, id, props);
    const { config, table } = props;

    const network = publicNetwork(this, resourceName(config, 'ticker'));
    this.vpc = network.vpc;
    // Refused connections only: what knocked at the task's public address, or what the task tried beyond port 443.
    const flowLogs = new logs.LogGroup(this, 'FlowLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: config.removalPolicy });
    new ec2.FlowLog(this, 'RejectedFlowLog', {
      resourceType: ec2.FlowLogResourceType.fromVpc(this.vpc),
      destination: ec2.FlowLogDestination.toCloudWatchLogs(flowLogs),
      trafficType: ec2.FlowLogTrafficType.REJECT,
    });

    this.securityGroup = new ec2.SecurityGroup(this, 'SecurityGroup', {
      vpc: this.vpc,
      description: `India ticker service (${config.stage}): no ingress; HTTPS and WSS out only`,
      allowAllOutbound: false,
    });
    this.securityGroup.addEgressRule(ec2.Peer.anyIpv4(), ec2.Port.tcp(443), 'Kite REST and WebSocket, and the AWS APIs (Secrets Manager, DynamoDB, ECR, Logs)');

    this.cluster = new ecs.Cluster(this, 'Cluster', {
      clusterName: resourceName(config, 'ticker'),
      vpc: this.vpc,
      containerInsightsV2: ecs.ContainerInsights.DISABLED,
    });
    Validations.of(this.cluster).acknowledge({
      id: 'AwsSolutions-ECS4',
      reason:
        "One service of one task: ECS's own CPU and memory metrics and the service's logs watch it; Container Insights would bill custom metrics and log ingestion costing about a third of the task itself.",
    });

    this.logGroup = new logs.LogGroup(this, 'LogGroup', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: config.removalPolicy });

    this.taskRole = new iam.Role(this, 'TaskRole', {
      assumedBy: new iam.ServicePrincipal('ecs-tasks.amazonaws.com'),
      description: `India ticker service's task (${config.stage}): writes IN#LIVE# quotes, reads the Kite secrets`,
    });
    this.taskRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: TICKER_TABLE_ACTIONS,
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${INDIA_LIVE_KEY_PREFIX}*`] } },
      }),
    );
    // Each secret by its name and the six characters Secrets Manager appends to its ARN, as AppFunction's Kite grants.
    const secretArnPrefix = `arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:`;
    this.taskRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
        resources: [kiteSecretName(config.secretPrefix), kiteSessionSecretName(config.secretPrefix)].map((name) => `${secretArnPrefix}${name}-??????`),
      }),
    );
    // The table's key is AWS-managed (DataStack), so the role needs no KMS grant.

    this.executionRole = new iam.Role(this, 'ExecutionRole', {
      assumedBy: new iam.ServicePrincipal('ecs-tasks.amazonaws.com'),
      description: `ECS starting the India ticker service (${config.stage}): pulls its image, writes its log group`,
    });

    this.taskDefinition = new ecs.FargateTaskDefinition(this, 'TaskDefinition', {
      family: resourceName(config, 'india-ticker'),
      ...TICKER_TASK_SIZE,
      // The bundle is plain JavaScript, so Graviton's cheaper rate costs nothing in compatibility.
      runtimePlatform: { cpuArchitecture: ecs.CpuArchitecture.ARM64, operatingSystemFamily: ecs.OperatingSystemFamily.LINUX },
      taskRole: this.taskRole,
      executionRole: this.executionRole,
    });
    this.image = new NodeServiceImage(this, 'Image', {
      entry: TICKER_ENTRY,
      dockerDir: 'infra/ticker-image',
      bundleName: 'india-ticker.mjs',
      platform: ecrAssets.Platform.LINUX_ARM64,
    });
    this.taskDefinition.addContainer('IndiaTicker', {
      image: this.image.image,
      essential: true,
      readonlyRootFilesystem: true,
      // An init process forwards SIGTERM to Node (not PID 1, so its handler runs) and reaps children.
      linuxParameters: new ecs.LinuxParameters(this, 'LinuxParameters', { initProcessEnabled: true }),
      // ECS sends SIGTERM, then SIGKILL after this long: time to close the socket and write the last quotes.
      stopTimeout: Duration.seconds(30),
      logging: ecs.LogDrivers.awsLogs({
        logGroup: this.logGroup,
        streamPrefix: 'india-ticker',
        // A slow CloudWatch Logs never blocks the process's stdout, so the stream keeps being read.
        mode: ecs.AwsLogDriverMode.NON_BLOCKING,
        maxBufferSize: Size.mebibytes(25),
      }),
      environment: {
        STAGE: config.stage,
        APP_VERSION: config.version,
        TABLE_NAME: table.tableName,
        SECRET_PREFIX: config.secretPrefix,
        KITE_API_URL: KITE_API_ROOT,
        KITE_TICKER_URL: KITE_TICKER_ROOT,
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_LOG_LEVEL: config.logLevel,
      },
    });
    Validations.of(this.taskDefinition).acknowledge({
      id: 'AwsSolutions-ECS2',
      reason:
        "The environment holds names and URLs only (the table, the secrets' prefix, Kite's hosts); the Kite keys and the day's access token are read from Secrets Manager at runtime, since the token changes every morning.",
    });
    Validations.of(this.executionRole).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "ecr:GetAuthorizationToken, which ECS needs to pull the image from the CDK's asset repository, supports no resource-level permissions; the pulls themselves name that one repository.",
    });

    this.service = new ecs.FargateService(this, 'Service', {
      serviceName: resourceName(config, 'india-ticker'),
      cluster: this.cluster,
      taskDefinition: this.taskDefinition,
      desiredCount: 1,
      minHealthyPercent: 0,
      maxHealthyPercent: 100,
      circuitBreaker: { enable: true, rollback: true },
      // Moving a task to another zone starts a second one first, which 100 % maximum forbids.
      availabilityZoneRebalancing: ecs.AvailabilityZoneRebalancing.DISABLED,
      vpcSubnets: { subnetType: ec2.SubnetType.PUBLIC },
      assignPublicIp: true,
      securityGroups: [this.securityGroup],
      enableExecuteCommand: false,
      propagateTags: ecs.PropagatedTagSource.SERVICE,
    });
    // The task pulls its image over the internet gateway: the route must exist before the first task starts.
    this.service.node.addDependency(...network.internet);

    new CfnOutput(this, 'ServiceName', { value: this.service.serviceName });
    new CfnOutput(this, 'ClusterName', { value: this.cluster.clusterName });
    new CfnOutput(this, 'LogGroupName', { value: this.logGroup.logGroupName });
  }
}

/**
 * A VPC of two public subnets (the region's first two zones) behind an internet gateway, and nothing else: no NAT
 * gateway, no private subnet. Written with the CloudFormation resources rather than ec2.Vpc, which reads the stack's
 * zones: with an account and region known (`cdk deploy`) that is a context lookup in the account, and a stack-wide
 * acknowledgment; `Fn::GetAZs` keeps every synth offline (infra/README.md). `internet` is what a task needs in place
 * before it starts: the default route and the subnets' association with it.
 */
function publicNetwork(scope: Construct, name: string): { vpc: ec2.IVpc; internet: IDependable[] } {
  const cidr = '10.38.0.0/16';
  const vpc = new ec2.CfnVPC(scope, 'Network', { cidrBlock: cidr, enableDnsSupport: true, enableDnsHostnames: true, tags: [{ key: 'Name', value: name }] });
  const gateway = new ec2.CfnInternetGateway(scope, 'InternetGateway', { tags: [{ key: 'Name', value: name }] });
  const attachment = new ec2.CfnVPCGatewayAttachment(scope, 'InternetGatewayAttachment', { vpcId: vpc.ref, internetGatewayId: gateway.ref });
  const routes = new ec2.CfnRouteTable(scope, 'PublicRoutes', { vpcId: vpc.ref, tags: [{ key: 'Name', value: `${name}-public` }] });
  const defaultRoute = new ec2.CfnRoute(scope, 'PublicDefaultRoute', { routeTableId: routes.ref, destinationCidrBlock: '0.0.0.0/0', gatewayId: gateway.ref });
  defaultRoute.node.addDependency(attachment);
  const internet: IDependable[] = [defaultRoute];
  const zones = [0, 1].map((i) => Fn.select(i, Fn.getAzs()));
  const subnets = zones.map((zone, i) => {
    const subnet = new ec2.CfnSubnet(scope, `PublicSubnet${i + 1}`, {
      vpcId: vpc.ref,
      availabilityZone: zone,
      cidrBlock: `10.38.${i}.0/24`,
      mapPublicIpOnLaunch: true,
      tags: [{ key: 'Name', value: `${name}-public-${i + 1}` }],
    });
    internet.push(new ec2.CfnSubnetRouteTableAssociation(scope, `PublicSubnet${i + 1}Routes`, { subnetId: subnet.ref, routeTableId: routes.ref }));
    return subnet;
  });
  const imported = ec2.Vpc.fromVpcAttributes(scope, 'Vpc', {
    vpcId: vpc.ref,
    vpcCidrBlock: cidr,
    availabilityZones: zones,
    publicSubnetIds: subnets.map((s) => s.ref),
    publicSubnetRouteTableIds: subnets.map(() => routes.ref),
  });
  return { vpc: imported, internet };
}
