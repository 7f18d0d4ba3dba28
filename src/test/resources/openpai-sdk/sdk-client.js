// Drives Gantry with OpenPAI's own JavaScript SDK, as a user of OpenPAI would.
// Environment: GANTRY_PORT, PAI_USER, PAI_PASSWORD, JOB_NAME. Prints one JSON object.
const { PAIV2 } = require('@microsoft/openpai-js-sdk');

(async () => {
  const cluster = {
    rest_server_uri: `127.0.0.1:${process.env.GANTRY_PORT}`,
    https: false,
    username: process.env.PAI_USER,
    password: process.env.PAI_PASSWORD,
  };
  const client = new PAIV2.OpenPAIClient(cluster);
  const login = await client.authn.basicLogin();
  cluster.token = login.token;
  const info = await client.api.getClusterInfo();
  const config = {
    protocolVersion: 2,
    name: process.env.JOB_NAME,
    type: 'job',
    prerequisites: [{ name: 'image', type: 'dockerimage', uri: 'python:3.12' }],
    taskRoles: {
      worker: {
        instances: 2,
        dockerImage: 'image',
        resourcePerInstance: { cpu: 1, memoryMB: 1024, gpu: 0 },
        commands: ['python -c "print(42)"'],
      },
    },
  };
  const submitted = await client.job.createJob(config);
  const jobs = await client.job.listJobs({ username: process.env.PAI_USER });
  const job = await client.job.getJob(process.env.PAI_USER, process.env.JOB_NAME);
  const jobConfig = await client.job.getJobConfig(process.env.PAI_USER, process.env.JOB_NAME);
  const clusters = await client.virtualCluster.listVirtualClusters();
  console.log(JSON.stringify({ login, info, submitted, jobs, job, jobConfig, clusters }));
})().catch((error) => {
  console.error('SDK call failed:', error && error.response
    ? `${error.response.status} ${JSON.stringify(error.response.data)}` : error);
  process.exit(1);
});
